import { Model } from 'objection';

/** Shared base: column names are the spec's snake_case names, no case mapping (docs/conventions.md#one-name-per-field). */
export class BaseModel extends Model {
  static override get useLimitInFirst(): boolean {
    return true;
  }
}
