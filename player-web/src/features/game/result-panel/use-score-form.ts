import { useState, type FormEvent } from 'react';
import { validateScore, type Message } from '@ecup/domain';
import { useClient } from '../../../providers/client-context.tsx';
import { useI18n } from '../../../i18n/i18n.tsx';

/**
 * A two-score form (the player's result, the moderator's edit): the fields' text, and a submit that checks both
 * scores (the spec's message in the Error popover on the first failure) and sends them once at a time. When sending
 * fails the api client has shown the server's message and the scores stay.
 */
export function useScoreForm(initial: [string, string], send: (scores: [number, number]) => Promise<void>) {
  const { tm } = useI18n();
  const { popover } = useClient();
  const [values, setValues] = useState<[string, string]>(initial);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const first = validateScore(values[0]);
    const second = validateScore(values[1]);
    if (!first.ok || !second.ok) {
      popover(tm('errorTitle'), tm(first.ok ? (second as Message) : first));
      return;
    }
    setPending(true);
    try {
      await send([first.value, second.value]);
    } catch {
      // The api client showed the server's message (e.g. no result to edit yet); the scores stay.
    } finally {
      setPending(false);
    }
  };

  return { values, setValues, pending, submit };
}
