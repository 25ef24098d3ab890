import { BaseModel } from './base.ts';
import { User } from './User.ts';
import { Game } from './Game.ts';

export type MatchState = 'pending' | 'accepted' | 'declined' | 'expired';

export class Match extends BaseModel {
  static override tableName = 'matches';
  id!: number;
  season_id!: number;
  user_1_id!: number;
  user_2_id!: number;
  state!: MatchState;
  user_1_accepted_at!: Date | null;
  user_2_accepted_at!: Date | null;
  declined_user_id!: number | null;
  deadline_at!: Date;
  closed_at!: Date | null;
  created_at!: Date;
  user_1?: User;
  user_2?: User;
  game?: Game | null;

  static override relationMappings = () => ({
    user_1: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'matches.user_1_id', to: 'users.id' },
    },
    user_2: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'matches.user_2_id', to: 'users.id' },
    },
    game: { relation: BaseModel.HasOneRelation, modelClass: Game, join: { from: 'matches.id', to: 'games.match_id' } },
  });
}
