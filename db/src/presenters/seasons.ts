import type { SeasonPayload } from '@ecup/domain';
import type { Season } from '../models/Season.ts';

const seconds = (date: Date | null) => (date ? Math.floor(new Date(date).getTime() / 1000) : null);

/**
 * The season as GET /season/current answers it (decisions §4), and as the worker pushes it to every player at the
 * weekly window's opening and closing: one payload, so an open app reads both alike.
 */
export function presentSeason(season: Season): SeasonPayload {
  return {
    id: season.id,
    name: season.name,
    product_name: season.product_name,
    qualifiers_start: seconds(season.qualifiers_start)!,
    qualifiers_end: seconds(season.qualifiers_end)!,
    time_zone: season.time_zone,
    window_start_minute: season.window_start_minute,
    window_end_minute: season.window_end_minute,
    finals_date: seconds(season.finals_date),
    trophy_hunt_end: seconds(season.trophy_hunt_end)!,
    prizes_text: season.prizes_text,
    max_games_per_week: season.max_games_per_week,
    start_countdown_at: seconds(season.start_countdown_at ?? season.qualifiers_start)!,
  };
}
