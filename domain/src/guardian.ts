/**
 * A minor's parental approval (docs/decisions.md#permissions): who needs it, and what the player's settings and the guardian's page
 * show. Pure: the API reads the rows, these rules decide.
 */
import { GUARDIAN_LINK_MS } from './constants.ts';
import { isMinorOn, type BirthDate } from './validation/signup.ts';

/**
 * - `not_needed`: 18 or older on `today` (an approval still missing no longer gates a prize);
 * - `waiting`: under 18, the e-mailed link not used yet;
 * - `approved`: the parent or guardian approved.
 */
export type GuardianApprovalState = 'not_needed' | 'waiting' | 'approved';

/** What decides the state: the birth date and the stored approval. */
export interface GuardianFacts {
  birth_date: BirthDate;
  guardian_email: string | null;
  guardian_confirmed_at: Date | null;
}

/** The approval state on `today` (its UTC calendar day, as the prize export reads it). */
export function guardianApprovalState(facts: GuardianFacts, today: Date): GuardianApprovalState {
  if (facts.guardian_confirmed_at !== null) return 'approved';
  if (facts.guardian_email === null || !isMinorOn(facts.birth_date, today)) return 'not_needed';
  return 'waiting';
}

/**
 * True when a guardian link sent at `issuedAt` no longer works at `now`: GUARDIAN_LINK_MS after it was sent
 * (docs/rules.md "Guardian e-mail and link"). A link without a sending time (none stored) counts as expired, so a
 * missing date never makes a link live for ever.
 */
export function guardianLinkExpired(issuedAt: Date | null, now: Date): boolean {
  return issuedAt === null || now.getTime() - issuedAt.getTime() >= GUARDIAN_LINK_MS;
}

/** GET /user/guardian: the signed-in player's approval, for settings. */
export interface GuardianStatusResponse {
  state: GuardianApprovalState;
  /** The address the link goes to (the player's own data); null when none was given. */
  guardian_email: string | null;
  /** When the guardian approved (unix seconds); null until then. */
  approved_at: number | null;
}

/** GET /guardian/approval/{uid}/{token}: what the guardian's page shows before the button. */
export interface GuardianLinkResponse {
  username: string;
  first_name: string;
  product: string;
  /** True when this link was used already (the page says so instead of offering the button). */
  approved: boolean;
}

/** POST /guardian/approval/{uid}/{token}: `already` when it had been approved before this press. */
export interface GuardianApproveResponse {
  username: string;
  product: string;
  already: boolean;
}
