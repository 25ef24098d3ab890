import { useMemo } from 'react';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@ecup/domain';
import { useClient } from '../../../providers/client-context.tsx';
import { useOpenSignIn } from '../../../components/header/use-open-sign-in.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useSeason } from '../../../providers/season-context.tsx';
import { useI18n } from '../../../i18n/i18n.tsx';
import { FormSection } from '../../../components/form-section.tsx';
import { AccountPage, SubmitButton, twoColumns } from '../account-layout.tsx';
import { ConsoleFields } from '../shared/console-fields.tsx';
import { countryOptions } from './country-options.ts';
import { PhotoInput } from '../shared/photo-input.tsx';
import { TeamInput } from '../shared/team-input.tsx';
import '../settings/privacy-i18n.ts';
import { BIRTH_ERROR_ID, PREFIX, TERMS_ERROR_ID, idOf, useSignupForm } from './use-signup-form.ts';

/**
 * /register (docs/product.md#screens-and-routes, docs/product.md#entities, docs/product.md#validation; docs/decisions.md#permissions): the sign-up form, whose state and submission are useSignupForm's.
 * Signed-in visitors are sent to /.
 */
export function Component() {
  const { t, locale } = useI18n();
  const { productName } = useSeason();
  const { state } = useClient();
  const openSignIn = useOpenSignIn();
  usePageTitle(t('account.register.title'));

  const signup = useSignupForm();

  const months = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), name: format.format(Date.UTC(2000, i, 1)) }));
  }, [locale]);

  if (state.user && !signup.signedUp) return <Navigate to="/" replace />;

  return (
    <AccountPage
      title={t('account.register.title')}
      intro={t('account.register.intro', { product: productName })}
      width="md"
    >
      <Box component="form" noValidate onSubmit={signup.submit} aria-label={t('account.register.title')}>
        <Box sx={twoColumns}>
          {/* Two columns on desktop, each a stack, so a short section leaves no gap beside a long one. */}
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <FormSection id="signup-account" title={t('account.register.sectionAccount')}>
              <Stack spacing={2}>
                <TextField
                  {...signup.text('username')}
                  label={t('account.field.username')}
                  helperText={
                    signup.errorOf('username') ??
                    t('account.field.usernameHelp', { min: USERNAME_MIN, max: USERNAME_MAX })
                  }
                  autoComplete="username"
                  slotProps={{ htmlInput: { maxLength: USERNAME_MAX, autoCapitalize: 'none', spellCheck: false } }}
                />
                <TextField
                  {...signup.text('email')}
                  label={t('account.field.email')}
                  type="email"
                  autoComplete="email"
                  slotProps={{ htmlInput: { maxLength: EMAIL_MAX, autoCapitalize: 'none', spellCheck: false } }}
                />
                <TextField
                  {...signup.text('password')}
                  label={t('account.field.password')}
                  type="password"
                  helperText={signup.errorOf('password') ?? t('account.field.passwordHelp', { min: PASSWORD_MIN })}
                  autoComplete="new-password"
                  slotProps={{ htmlInput: { maxLength: PASSWORD_MAX } }}
                />
                <TextField
                  {...signup.text('repeat_password')}
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
                console={signup.form.console}
                gamerTag={signup.form.gamer_tag}
                onConsole={(value) => signup.update('console', value)}
                onGamerTag={(value) => signup.update('gamer_tag', value)}
                errors={{ console: signup.errorOf('console'), gamer_tag: signup.errorOf('gamer_tag') }}
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
                    {...signup.text('first_name')}
                    label={t('account.field.firstName')}
                    autoComplete="given-name"
                    slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
                  />
                  <TextField
                    {...signup.text('last_name')}
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
                      {...signup.text('birth_year')}
                      label={t('account.field.birthYear')}
                      helperText={t('account.field.birthYearHint', signup.yearHint)}
                      autoComplete="bday-year"
                      slotProps={{
                        htmlInput: {
                          inputMode: 'numeric',
                          maxLength: 4,
                          pattern: '[0-9]*',
                          ...signup.birthInput('birth_year'),
                        },
                        // The hint stays a hint; the date's messages show below the three fields.
                        formHelperText: { error: false, sx: { mx: 0.5, whiteSpace: 'nowrap' } },
                      }}
                    />
                    <TextField
                      {...signup.text('birth_month')}
                      helperText={undefined}
                      select
                      label={t('account.field.birthMonth')}
                      autoComplete="bday-month"
                      slotProps={{
                        select: { native: true },
                        inputLabel: { shrink: true },
                        htmlInput: signup.birthInput('birth_month'),
                      }}
                    >
                      <option value="">{t('account.field.birthMonthNone')}</option>
                      {months.map((month) => (
                        <option key={month.value} value={month.value}>
                          {month.name}
                        </option>
                      ))}
                    </TextField>
                    <TextField
                      {...signup.text('birth_day')}
                      label={t('account.field.birthDay')}
                      helperText="1–31"
                      autoComplete="bday-day"
                      slotProps={{
                        htmlInput: {
                          inputMode: 'numeric',
                          maxLength: 2,
                          pattern: '[0-9]*',
                          ...signup.birthInput('birth_day'),
                        },
                        // The hint stays a hint; the date's messages show below the three fields.
                        formHelperText: { error: false, sx: { mx: 0.5, whiteSpace: 'nowrap' } },
                      }}
                    />
                  </Box>
                  {/* The three fields are narrow, so their messages show once, under the whole date. */}
                  {signup.birthErrors.length > 0 && (
                    <FormHelperText id={BIRTH_ERROR_ID} error sx={{ mx: 0.5 }}>
                      {signup.birthErrors.join(' ')}
                    </FormHelperText>
                  )}
                  {/* What others will see of the player (docs/rules.md "What others see of a player"). */}
                  <FormHelperText id="register-privacy-note" sx={{ mx: 0.5 }}>
                    {t('account.privacy.signupNote')}
                  </FormHelperText>
                </Box>
                <TextField
                  {...signup.text('country_id')}
                  select
                  label={t('account.field.country')}
                  autoComplete="country-name"
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="">{t('account.field.countryNone')}</option>
                  {countryOptions(locale).map((country) => (
                    <option key={country.id} value={String(country.id)}>
                      {country.name}
                    </option>
                  ))}
                </TextField>
                {signup.minor && (
                  <TextField
                    {...signup.text('guardian_email')}
                    label={t('account.field.guardianEmail')}
                    helperText={signup.errorOf('guardian_email') ?? t('account.field.guardianHelp')}
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
                  value={signup.form.irl_team}
                  onChange={(value) => signup.update('irl_team', value)}
                  error={signup.errorOf('irl_team')}
                />
                <TeamInput
                  id={idOf('fifa_team')}
                  label={t('account.field.fifaTeam')}
                  helperText={t('account.field.fifaTeamHelp')}
                  value={signup.form.fifa_team}
                  onChange={(value) => signup.update('fifa_team', value)}
                  error={signup.errorOf('fifa_team')}
                />
                <Stack spacing={2}>
                  <PhotoInput
                    id="signup-user_photo"
                    label={`${t('account.field.userPhoto')} (${t('account.optional')})`}
                    file={signup.userPhoto}
                    onChange={signup.setUserPhoto}
                  />
                  <PhotoInput
                    id="signup-team_photo"
                    label={`${t('account.field.teamPhoto')} (${t('account.optional')})`}
                    file={signup.teamPhoto}
                    onChange={signup.setTeamPhoto}
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
                  checked={signup.terms}
                  onChange={(event) => {
                    signup.setTerms(event.target.checked);
                    signup.clearError('terms');
                  }}
                  slotProps={{
                    input: {
                      'aria-invalid': signup.errors.terms !== undefined || undefined,
                      'aria-describedby': signup.errors.terms !== undefined ? TERMS_ERROR_ID : undefined,
                    },
                  }}
                />
              }
              label={t('account.register.terms')}
              sx={signup.errors.terms !== undefined ? { color: 'error.main' } : undefined}
            />
            {signup.errors.terms !== undefined && (
              <FormHelperText id={TERMS_ERROR_ID} error sx={{ pl: 4, mt: 0 }}>
                {signup.errorOf('terms')}
              </FormHelperText>
            )}
            <Typography variant="body2" sx={{ pl: 4 }}>
              <Link component={RouterLink} to="/terms" target="_blank" rel="noopener">
                {t('account.register.readTerms')}
              </Link>{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                {t('account.newTab')}
              </Typography>
            </Typography>
          </Box>
          <SubmitButton pending={signup.pending}>{t('account.register.submit')}</SubmitButton>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              {t('account.register.haveAccount')}
            </Typography>
            {/* The header's form: the dropdown on a laptop, the menu's inline form on a phone. */}
            <Button variant="outlined" onClick={openSignIn}>
              {t('account.register.signIn')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </AccountPage>
  );
}
