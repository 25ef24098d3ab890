import { Model } from 'objection';

/** Shared base: column names are the spec's snake_case names, no case mapping (CONVENTIONS §1). */
export class BaseModel extends Model {
  static override get useLimitInFirst(): boolean {
    return true;
  }
}
