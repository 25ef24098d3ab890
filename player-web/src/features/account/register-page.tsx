import { useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BIRTH_YEAR_HINT_MAX,
  BIRTH_YEAR_HINT_MIN,
  BIRTH_YEAR_MAX,
  BIRTH_YEAR_MIN,
  COUNTRIES,
  EMAIL_MAX,
  MESSAGES,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHOTO_ACCEPT,
  USERNAME_MAX,
  USERNAME_MIN,
  asInteger,
  isAcceptedFileType,
  isMinorOn,
  isRealDate,
  validateSignup,
  type BirthDate,
} from '@ecup/domain';
import { useClient } from '../../app/client-context.tsx';
import { usePageTitle } from '../../app/use-page-title.ts';
import { useSeason } from '../../app/season-context.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { AccountPage, FormSection, SubmitButton, twoColumns } from './account-layout.tsx';
import { ConsoleFields, consoleFieldIds, type ConsoleChoice } from './console-fields.tsx';
import { PhotoInput } from './photo-input.tsx';
import { useGuardianMailNotice } from './guardian-status.tsx';
import { signUp } from './sign-up.ts';
import { TeamInput } from './team-input.tsx';
import { useFocusAfterPopover } from './use-focus-after-popover.ts';

/** The text fields of the sign-up form (spec §3), named as the API names them. */
interface SignupForm {
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

const PREFIX = 'signup';
const idOf = (name: keyof SignupForm | 'terms') => `${PREFIX}-${name}`;
const CONSOLE_IDS = consoleFieldIds(PREFIX);

/** Which field a sign-up message (the domain's or the server's) is about, as an element id. */
function fieldIdFor(message: string, form: SignupForm): string | null {
  const byField: [string, readonly string[]][] = [
    [
      idOf('username'),
      [MESSAGES.usernameTooShort, MESSAGES.usernameTooLong, MESSAGES.usernameIllegal, MESSAGES.usernameTaken],
    ],
    [idOf('first_name'), [MESSAGES.firstNameTooShort, MESSAGES.firstNameTooLong]],
    [idOf('last_name'), [MESSAGES.lastNameTooShort, MESSAGES.lastNameTooLong]],
    [idOf('email'), [MESSAGES.invalidEmail, MESSAGES.emailInUse]],
    [idOf('password'), [MESSAGES.passwordTooShort, MESSAGES.passwordTooLong]],
    [idOf('repeat_password'), [MESSAGES.passwordMismatch]],
    [idOf('birth_year'), [MESSAGES.invalidBirthYear, MESSAGES.tooYoung]],
    [idOf('birth_month'), [MESSAGES.invalidBirthMonth]],
    [idOf('birth_day'), [MESSAGES.invalidBirthDay]],
    [idOf('terms'), [MESSAGES.mustAgreeToTerms]],
    [CONSOLE_IDS.console, [MESSAGES.consoleRequired, MESSAGES.playstationOnly]],
    [
      CONSOLE_IDS.gamerTag,
      [
        MESSAGES.psnIdTooShort,
        MESSAGES.psnIdTooLong,
        MESSAGES.psnIdIllegal,
        MESSAGES.xboxGamertagTooShort,
        MESSAGES.xboxGamertagTooLong,
        MESSAGES.xboxGamertagIllegal,
      ],
    ],
    [idOf('country_id'), [MESSAGES.countryRequired]],
    [
      idOf('guardian_email'),
      [MESSAGES.guardianEmailRequired, MESSAGES.guardianEmailInvalid, MESSAGES.guardianEmailSameAsOwn],
    ],
  ];
  if (message === MESSAGES.teamsRequired || message === MESSAGES.teamNameTooLong) {
    return form.irl_team.trim() === '' || (message === MESSAGES.teamNameTooLong && form.fifa_team.trim() !== '')
      ? idOf('irl_team')
      : idOf('fifa_team');
  }
  return byField.find(([, messages]) => messages.includes(message))?.[0] ?? null;
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
 * /register (spec §2, §3, §5; decisions §8): the sign-up form. The domain's sign-up validator runs first and its
 * message shows in the Error popover with nothing sent; what was typed stays. On success the new player is signed
 * in and goes to /play. Signed-in visitors are sent to /.
 */
export function Component() {
  const { t, tm, locale } = useI18n();
  const { productName } = useSeason();
  const { state, api, popover, signInWithToken } = useClient();
  const navigate = useNavigate();
  const noticeGuardianMail = useGuardianMailNotice();
  usePageTitle(t('account.register.title'));

  const [form, setForm] = useState<SignupForm>(EMPTY);
  const [terms, setTerms] = useState(false);
  const [userPhoto, setUserPhoto] = useState<File | null>(null);
  const [teamPhoto, setTeamPhoto] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const [signedUp, setSignedUp] = useState(false);
  const [invalidId, setInvalidId] = useFocusAfterPopover();

  const months = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), name: format.format(Date.UTC(2000, i, 1)) }));
  }, [locale]);

  if (state.user && !signedUp) return <Navigate to="/" replace />;

  const birth = birthDateOf(form);
  const minor = birth !== null && isMinorOn(birth, new Date());

  function update(name: keyof SignupForm, value: string) {
    setForm((previous) => ({ ...previous, [name]: value }));
    if (invalidId === idOf(name)) setInvalidId(null);
  }
  const text = (name: keyof SignupForm) => ({
    id: idOf(name),
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => update(name, event.target.value),
    error: invalidId === idOf(name),
  });

  function fail(message: string) {
    setInvalidId(fieldIdFor(message, form));
    popover(tm(MESSAGES.errorTitle), tm(message));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const checked = validateSignup({ ...form, terms: terms ? '1' : '' }, new Date());
    if (!checked.ok) {
      fail(checked.error);
      return;
    }
    if (![userPhoto, teamPhoto].every((file) => isAcceptedFileType(file, PHOTO_ACCEPT))) {
      fail(MESSAGES.photoType);
      return;
    }
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
      // The client has shown the refusal's message; mark the field it is about.
      if (error instanceof ApiError) setInvalidId(fieldIdFor(error.message, form));
      setPending(false);
    }
  }

  return (
    <AccountPage
      title={t('account.register.title')}
      intro={t('account.register.intro', { product: productName })}
      width="md"
    >
      <Box component="form" noValidate onSubmit={submit} aria-label={t('account.register.title')}>
        <Box sx={twoColumns}>
          {/* Two columns on desktop, each a stack, so a short section leaves no gap beside a long one. */}
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <FormSection id="signup-account" title={t('account.register.sectionAccount')}>
              <Stack spacing={2}>
                <TextField
                  {...text('username')}
                  label={t('account.field.username')}
                  helperText={t('account.field.usernameHelp', { min: USERNAME_MIN, max: USERNAME_MAX })}
                  autoComplete="username"
                  slotProps={{ htmlInput: { maxLength: USERNAME_MAX, autoCapitalize: 'none', spellCheck: false } }}
                />
                <TextField
                  {...text('email')}
                  label={t('account.field.email')}
                  type="email"
                  autoComplete="email"
                  slotProps={{ htmlInput: { maxLength: EMAIL_MAX, autoCapitalize: 'none', spellCheck: false } }}
                />
                <TextField
                  {...text('password')}
                  label={t('account.field.password')}
                  type="password"
                  helperText={t('account.field.passwordHelp', { min: PASSWORD_MIN })}
                  autoComplete="new-password"
                  slotProps={{ htmlInput: { maxLength: PASSWORD_MAX } }}
                />
                <TextField
                  {...text('repeat_password')}
                  label={t('account.field.repeatPassword')}
                  type="password"
                  autoComplete="new-password"
                  slotProps={{ htmlInput: { maxLength: PASSWORD_MAX } }}
                />
              </Stack>
            </FormSection>
            <FormSection id="signup-console" title={t('account.register.sectionConsole')}>
              <ConsoleFields
                idPrefix={PREFIX}
                console={form.console}
                gamerTag={form.gamer_tag}
                onConsole={(value) => {
                  update('console', value);
                  if (invalidId === CONSOLE_IDS.console) setInvalidId(null);
                }}
                onGamerTag={(value) => {
                  update('gamer_tag', value);
                  if (invalidId === CONSOLE_IDS.gamerTag) setInvalidId(null);
                }}
                invalid={
                  invalidId === CONSOLE_IDS.console
                    ? 'console'
                    : invalidId === CONSOLE_IDS.gamerTag
                      ? 'gamer_tag'
                      : null
                }
              />
            </FormSection>
          </Stack>
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <FormSection id="signup-player" title={t('account.register.sectionPlayer')}>
              <Stack spacing={2}>
                <Box
                  sx={{
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
                  }}
                >
                  <TextField
                    {...text('first_name')}
                    label={t('account.field.firstName')}
                    autoComplete="given-name"
                    slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
                  />
                  <TextField
                    {...text('last_name')}
                    label={t('account.field.lastName')}
                    autoComplete="family-name"
                    slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
                  />
                </Box>
                <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
                  <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1, p: 0 }}>
                    {t('account.field.birthDate')}
                  </Typography>
                  <Box
                    sx={{
                      display: 'grid',
                      gap: 1,
                      gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.5fr) minmax(0, 0.8fr)',
                    }}
                  >
                    <TextField
                      {...text('birth_year')}
                      label={t('account.field.birthYear')}
                      helperText={t('account.field.birthYearHint', {
                        min: BIRTH_YEAR_HINT_MIN,
                        max: BIRTH_YEAR_HINT_MAX,
                      })}
                      autoComplete="bday-year"
                      slotProps={{
                        htmlInput: { inputMode: 'numeric', maxLength: 4, pattern: '[0-9]*' },
                        formHelperText: { sx: { mx: 0.5, whiteSpace: 'nowrap' } },
                      }}
                    />
                    <TextField
                      {...text('birth_month')}
                      select
                      label={t('account.field.birthMonth')}
                      autoComplete="bday-month"
                      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                    >
                      <option value="">{t('account.field.birthMonthNone')}</option>
                      {months.map((month) => (
                        <option key={month.value} value={month.value}>
                          {month.name}
                        </option>
                      ))}
                    </TextField>
                    <TextField
                      {...text('birth_day')}
                      label={t('account.field.birthDay')}
                      helperText="1–31"
                      autoComplete="bday-day"
                      slotProps={{
                        htmlInput: { inputMode: 'numeric', maxLength: 2, pattern: '[0-9]*' },
                        formHelperText: { sx: { mx: 0.5, whiteSpace: 'nowrap' } },
                      }}
                    />
                  </Box>
                </Box>
                <TextField
                  {...text('country_id')}
                  select
                  label={t('account.field.country')}
                  autoComplete="country-name"
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="">{t('account.field.countryNone')}</option>
                  {/* COUNTRIES is in English alphabetical order already; its ids are positions in that order. */}
                  {COUNTRIES.map((country) => (
                    <option key={country.id} value={String(country.id)}>
                      {country.name}
                    </option>
                  ))}
                </TextField>
                {minor && (
                  <TextField
                    {...text('guardian_email')}
                    label={t('account.field.guardianEmail')}
                    helperText={t('account.field.guardianHelp')}
                    type="email"
                    autoComplete="off"
                    slotProps={{ htmlInput: { maxLength: EMAIL_MAX, autoCapitalize: 'none', spellCheck: false } }}
                  />
                )}
              </Stack>
            </FormSection>
            <FormSection id="signup-teams" title={t('account.register.sectionTeams')}>
              <Stack spacing={2}>
                <TeamInput
                  id={idOf('irl_team')}
                  label={t('account.field.irlTeam')}
                  helperText={t('account.field.irlTeamHelp')}
                  value={form.irl_team}
                  onChange={(value) => update('irl_team', value)}
                  invalid={invalidId === idOf('irl_team')}
                />
                <TeamInput
                  id={idOf('fifa_team')}
                  label={t('account.field.fifaTeam')}
                  helperText={t('account.field.fifaTeamHelp')}
                  value={form.fifa_team}
                  onChange={(value) => update('fifa_team', value)}
                  invalid={invalidId === idOf('fifa_team')}
                />
                <Stack spacing={2}>
                  <PhotoInput
                    id="signup-user_photo"
                    label={`${t('account.field.userPhoto')} (${t('account.optional')})`}
                    file={userPhoto}
                    onChange={setUserPhoto}
                  />
                  <PhotoInput
                    id="signup-team_photo"
                    label={`${t('account.field.teamPhoto')} (${t('account.optional')})`}
                    file={teamPhoto}
                    onChange={setTeamPhoto}
                  />
                </Stack>
              </Stack>
            </FormSection>
          </Stack>
        </Box>

        <Stack spacing={2} sx={{ mt: 3, alignItems: 'flex-start' }}>
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  id={idOf('terms')}
                  name="terms"
                  checked={terms}
                  onChange={(event) => {
                    setTerms(event.target.checked);
                    if (invalidId === idOf('terms')) setInvalidId(null);
                  }}
                  slotProps={{ input: { 'aria-invalid': invalidId === idOf('terms') || undefined } }}
                />
              }
              label={t('account.register.terms')}
              sx={invalidId === idOf('terms') ? { color: 'error.main' } : undefined}
            />
            <Typography variant="body2" sx={{ pl: 4 }}>
              <Link component={RouterLink} to="/terms" target="_blank" rel="noopener">
                {t('account.register.readTerms')}
              </Link>{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                {t('account.newTab')}
              </Typography>
            </Typography>
          </Box>
          <SubmitButton pending={pending}>{t('account.register.submit')}</SubmitButton>
          <Typography variant="body2" color="text.secondary">
            {t('account.register.haveAccount')}
          </Typography>
        </Stack>
      </Box>
    </AccountPage>
  );
}
