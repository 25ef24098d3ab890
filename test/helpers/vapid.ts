/**
 * A fixed VAPID key pair for the tests that start in production, which refuses to start without one (made with
 * `npx web-push generate-vapid-keys`; it signs nothing outside the tests).
 */
export const TEST_VAPID_ENV = {
  VAPID_PUBLIC_KEY: 'BEcAtpg8wI-0K6BUC0LUXmkXm2-eWexmrr-Oa4tLRgOuQ2mSj0Mb8qWfag8tVTkohTwXAOqqGqvR0OIk7RZAf88',
  VAPID_PRIVATE_KEY: '9LSP_PCi2En4AY9plH_7BzobWbs5qF06ymSFrjDLs_A',
  VAPID_SUBJECT: 'mailto:operations@ecup.example.org',
};
