import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  BIRTH_YEAR_MAX,
  BIRTH_YEAR_MIN,
  PHOTO_ACCEPT,
  asInteger,
  birthYearHint,
  isAcceptedFileType,
  isMinorOn,
  isRealDate,
  signupErrors,
  validateSignup,
  type BirthDate,
  type MessageCode,
  type MessageRef,
  type SignupField,
  type SignupFieldError,
} from '@ecup/domain';
import { useClient } from '../../../providers/client-context.tsx';
import { useI18n } from '../../../i18n/i18n.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { consoleFieldIds, type ConsoleChoice } from '../shared/console-fields.tsx';
import { useGuardianMailNotice } from '../guardian-status/guardian-status.tsx';
import { signUp } from './sign-up.ts';
import { useFocusAfterPopover } from '../use-focus-after-popover.ts';

/** The text fields of the sign-up form (docs/product.md#entities), named as the API names them. */
export interface SignupForm {
  username: string;
  email: string;
  password: string;
  repeat_password: string;
  first_name: string;
  last_name: string;
  birth_year: string;
  birth_month: string;
  birth_day: string;
  country_id: string;
  guardian_email: string;
  console: ConsoleChoice;
  gamer_tag: string;
  irl_team: string;
  fifa_team: string;
}

const EMPTY: SignupForm = {
  username: '',
  email: '',
  password: '',
  repeat_password: '',
  first_name: '',
  last_name: '',
  birth_year: '',
  birth_month: '',
  birth_day: '',
  country_id: '',
  guardian_email: '',
  console: '',
  gamer_tag: '',
  irl_team: '',
  fifa_team: '',
};

export const PREFIX = 'signup';
export const idOf = (name: keyof SignupForm | 'terms') => `${PREFIX}-${name}`;
const CONSOLE_IDS = consoleFieldIds(PREFIX);
export const BIRTH_ERROR_ID = `${PREFIX}-birth-error`;
export const TERMS_ERROR_ID = `${PREFIX}-terms-error`;

/**
 * The messages the server may answer that the form cannot know beforehand, and the field each is about: a taken
 * username or e-mail, and contact details in a name or tag (checked on the server only, docs/rules.md "Player text").
 */
const SERVER_MESSAGE_FIELDS: [SignupField, readonly MessageCode[]][] = [
  ['username', ['usernameTaken', 'usernameContactDetails']],
  ['email', ['emailInUse']],
  ['first_name', ['firstNameContactDetails']],
  ['last_name', ['lastNameContactDetails']],
  ['irl_team', ['irlTeamContactDetails']],
  ['fifa_team', ['fifaTeamContactDetails']],
  ['gamer_tag', ['psnIdContactDetails', 'xboxGamertagContactDetails']],
];

/**
 * Which field a server refusal is about: the taken username or e-mail, or the field whose rule the form shares
 * with the server (the domain's validator finds the same message there); null for anything else.
 */
function fieldOfServerMessage(code: MessageCode, input: Record<string, string>): SignupField | null {
  const known = SERVER_MESSAGE_FIELDS.find(([, codes]) => codes.includes(code));
  if (known) return known[0];
  return signupErrors(input, new Date()).find((error) => error.code === code)?.field ?? null;
}

/** The element a field's message sends the focus to. */
function elementIdOf(name: SignupField): string {
  if (name === 'console') return CONSOLE_IDS.console;
  if (name === 'gamer_tag') return CONSOLE_IDS.gamerTag;
  return idOf(name);
}

/** The birth date typed so far, when it is a real date the validator would accept. */
function birthDateOf(form: SignupForm): BirthDate | null {
  const year = asInteger(form.birth_year);
  const month = asInteger(form.birth_month);
  const day = asInteger(form.birth_day);
  if (year === undefined || month === undefined || day === undefined) return null;
  if (year < BIRTH_YEAR_MIN || year > BIRTH_YEAR_MAX || !isRealDate(year, month, day)) return null;
  return { year, month, day };
}

/**
 * The sign-up form's state and its submission (docs/product.md#entities, docs/product.md#validation; docs/decisions.md#permissions). The domain's sign-up validator runs
 * first: every field's message shows under its field at once, the first in the form's order also in the Error
 * popover, and nothing is sent; what was typed stays. On success the new player is signed in and goes to /play.
 */
export function useSignupForm() {
  const { tm } = useI18n();
  const { api, popover, signInWithToken } = useClient();
  const navigate = useNavigate();
  const noticeGuardianMail = useGuardianMailNotice();
  const [form, setForm] = useState<SignupForm>(EMPTY);
  const [terms, setTerms] = useState(false);
  const [userPhoto, setUserPhoto] = useState<File | null>(null);
  const [teamPhoto, setTeamPhoto] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const [signedUp, setSignedUp] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<SignupField, MessageRef>>>({});
  const [, setFocusAfterPopover] = useFocusAfterPopover();

  const today = new Date();
  const birth = birthDateOf(form);
  const minor = birth !== null && isMinorOn(birth, today);
  const yearHint = birthYearHint(today);

  /** A field's message in the reader's language, or undefined while the field is fine. */
  const errorOf = (name: SignupField) => {
    const message = errors[name];
    return message === undefined ? undefined : tm(message);
  };
  /** A field's message goes away as soon as the player changes that field. */
  function clearError(name: SignupField) {
    setErrors((previous) => {
      if (previous[name] === undefined) return previous;
      const next = { ...previous };
      delete next[name];
      return next;
    });
  }
  function update(name: keyof SignupForm, value: string) {
    setForm((previous) => ({ ...previous, [name]: value }));
    clearError(name);
  }
  const text = (name: keyof SignupForm) => ({
    id: idOf(name),
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => update(name, event.target.value),
    error: errors[name] !== undefined,
    helperText: errorOf(name),
  });
  const birthErrors = (['birth_year', 'birth_month', 'birth_day'] as const)
    .map((name) => errorOf(name))
    .filter((message) => message !== undefined);
  /** A birth field with a message is described by the date's messages, and by its own hint when it has one. */
  const birthInput = (name: 'birth_year' | 'birth_month' | 'birth_day') => {
    if (errors[name] === undefined) return {};
    const hint = name === 'birth_month' ? '' : `${idOf(name)}-helper-text `;
    return { 'aria-describedby': `${hint}${BIRTH_ERROR_ID}` };
  };

  /** Marks every field's message, shows the first in the Error popover and then focuses its field. */
  function fail(found: SignupFieldError[]) {
    const [first] = found;
    if (!first) return;
    setErrors(Object.fromEntries(found.map((error) => [error.field, error.code])));
    setFocusAfterPopover(elementIdOf(first.field));
    popover(tm('errorTitle'), tm(first.code));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const input = { ...form, terms: terms ? '1' : '' };
    const found = signupErrors(input, new Date());
    if (found.length > 0) {
      fail(found);
      return;
    }
    const checked = validateSignup(input, new Date());
    if (!checked.ok) return;
    if (![userPhoto, teamPhoto].every((file) => isAcceptedFileType(file, PHOTO_ACCEPT))) {
      setErrors({});
      popover(tm('errorTitle'), tm('photoType'));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const answer = await signUp(api, {
        ...checked.value,
        repeat_password: form.repeat_password,
        terms: '1',
        user_photo: userPhoto,
        team_photo: teamPhoto,
      });
      setSignedUp(true);
      await signInWithToken({ id: answer.id, token: answer.token });
      navigate('/play', { replace: true });
      noticeGuardianMail(checked.value.guardian_email);
    } catch (error) {
      // The client has shown the refusal's message; show it under the field it is about too.
      if (error instanceof ApiError && error.refusal) {
        const field = fieldOfServerMessage(error.refusal.code, input);
        if (field) {
          setErrors({ [field]: error.refusal });
          setFocusAfterPopover(elementIdOf(field));
        }
      }
      setPending(false);
    }
  }

  return {
    form,
    update,
    text,
    errors,
    errorOf,
    clearError,
    terms,
    setTerms,
    userPhoto,
    setUserPhoto,
    teamPhoto,
    setTeamPhoto,
    pending,
    signedUp,
    minor,
    yearHint,
    birthErrors,
    birthInput,
    submit,
  };
}
