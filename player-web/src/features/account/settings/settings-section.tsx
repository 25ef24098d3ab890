import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type MessageCode, type Validation } from '@ecup/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { useClient } from '../../../providers/client-context.tsx';
import { useI18n } from '../../../i18n/i18n.tsx';
import { FormSection } from '../../../components/form-section.tsx';
import { FormActions, SubmitButton } from '../account-layout.tsx';
import { useFocusAfterPopover } from '../use-focus-after-popover.ts';

/** The element id of a settings field. */
export function settingsFieldId(name: string): string {
  return `settings-${name}`;
}

export interface SettingsFormOptions<F, V> {
  /** The form's first values, and what it returns to after a save when `clearOnSave` is set. */
  initial: F;
  /** The section's domain validator; null when there is nothing to send yet (no file chosen). */
  validate(form: NoInfer<F>): Validation<V> | null;
  /** The element id of the field a validation message is about (given the form that was checked), or null. */
  fieldOf(code: MessageCode, form: F): string | null;
  /** The field a refusal from the server is about, or null; by default the one `fieldOf` names. */
  refusedFieldOf?(code: MessageCode, form: F): string | null;
  /** The call, and anything that must finish before the section counts as saved. */
  send(value: V, form: F): Promise<unknown>;
  /** Empties the form once saved (passwords, a sent file). */
  clearOnSave?: boolean;
  /** Empties the form when the server refuses it (a file it could not read is not offered again). */
  clearOnRefusal?: boolean;
  /** The form once saved, when it is not the form as sent (an e-mail change shows the address still in force). */
  formAfterSave?(form: F): F;
  /** Runs after the success line shows, e.g. refreshing the signed-in user. */
  afterSave?(): Promise<unknown>;
}

export interface SettingsForm<F> {
  form: F;
  pending: boolean;
  saved: boolean;
  /** The field marked invalid (an element id), focused once the Error popover closes. */
  invalidId: string | null;
  submit(event: FormEvent): Promise<void>;
  /** An edit: the success line goes, and so does the field's error mark. */
  change<K extends keyof F>(name: K, value: F[K], fieldId?: string): void;
}

/**
 * One settings form (docs/product.md#screens-and-routes, docs/product.md#validation): validated by its domain validator first, whose message opens the Error popover
 * and marks the field; then one call, with the submit button pending (no double submits) and the success line once
 * it answers. A refusal's message has been shown by the client; the field it is about is marked.
 */
export function useSettingsForm<F, V>(options: SettingsFormOptions<F, V>): SettingsForm<F> {
  const {
    initial,
    validate,
    fieldOf,
    refusedFieldOf = fieldOf,
    send,
    clearOnSave = false,
    clearOnRefusal = false,
    formAfterSave,
    afterSave,
  } = options;
  const { popover } = useClient();
  const { tm } = useI18n();
  const [invalidId, setInvalidId] = useFocusAfterPopover();
  const [form, setForm] = useState(initial);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const checked = validate(form);
    if (!checked) return;
    if (!checked.ok) {
      setInvalidId(fieldOf(checked.code, form));
      popover(tm('errorTitle'), tm(checked));
      return;
    }
    setPending(true);
    try {
      await send(checked.value, form);
      if (clearOnSave) setForm(initial);
      else if (formAfterSave) setForm(formAfterSave(form));
      setSaved(true);
      await afterSave?.();
    } catch (error) {
      if (clearOnRefusal) setForm(initial);
      const fieldId = error instanceof ApiError && error.refusal ? refusedFieldOf(error.refusal.code, form) : null;
      if (fieldId) setInvalidId(fieldId);
    } finally {
      setPending(false);
    }
  }

  function change<K extends keyof F>(name: K, value: F[K], fieldId?: string) {
    setForm((previous) => ({ ...previous, [name]: value }));
    setSaved(false);
    if (fieldId !== undefined && invalidId === fieldId) setInvalidId(null);
  }

  return { form, pending, saved, invalidId, submit, change };
}

/** A settings section: its card, the form with its fields, the submit button and the success line. */
export function SettingsSection({
  id,
  title,
  settings,
  submitLabel,
  submitDisabled,
  savedText,
  children,
}: {
  id: string;
  title: string;
  settings: Pick<SettingsForm<unknown>, 'submit' | 'pending' | 'saved'>;
  submitLabel: string;
  submitDisabled?: boolean;
  savedText: string;
  children: ReactNode;
}) {
  return (
    <FormSection id={id} title={title}>
      <Box component="form" noValidate onSubmit={settings.submit} aria-label={title}>
        {children}
        <FormActions>
          <SubmitButton pending={settings.pending} disabled={submitDisabled}>
            {submitLabel}
          </SubmitButton>
        </FormActions>
        {/* Announced politely, gone once the form is edited again. */}
        {settings.saved && (
          <Alert severity="success" role="status" sx={{ mt: 2 }}>
            {savedText}
          </Alert>
        )}
      </Box>
    </FormSection>
  );
}

export interface SettingsTextFieldSpec<F> {
  name: keyof F & string;
  label: string;
  autoComplete: string;
  maxLength: number;
  type?: string;
  helperText?: string;
}

/** The text fields of a settings form, one under the other, each bound to its value and its error mark. */
export function SettingsTextFields<F extends Record<string, string>>({
  settings,
  fields,
}: {
  settings: SettingsForm<F>;
  fields: SettingsTextFieldSpec<F>[];
}) {
  return (
    <Stack spacing={2}>
      {fields.map(({ name, label, autoComplete, maxLength, type = 'text', helperText }) => {
        const id = settingsFieldId(name);
        return (
          <TextField
            key={name}
            id={id}
            name={name}
            label={label}
            type={type}
            autoComplete={autoComplete}
            helperText={helperText}
            value={settings.form[name]}
            error={settings.invalidId === id}
            onChange={(event) => settings.change(name, event.target.value as F[typeof name], id)}
            slotProps={{ htmlInput: { maxLength } }}
          />
        );
      })}
    </Stack>
  );
}
