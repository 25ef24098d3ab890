import type { GamePayload } from '@ecup/domain';
import type { Seat } from '../game-logic.ts';

export interface PlayerPanelProps {
  game: GamePayload;
  seat: Seat;
  onGame(game: GamePayload): void;
}
