import { defineDictionary } from '../../../i18n/dictionary.ts';

/** "Where you're signed in" in settings: the player's sessions, each with its browser, address and use. */
export const signedInSessions = defineDictionary(
  {
    'account.sessions.title': "Where you're signed in",
    'account.sessions.intro': 'Sign out of any browser or device you no longer use or do not recognise.',
    'account.sessions.thisDevice': 'This device',
    'account.sessions.console': 'Admin console',
    'account.sessions.unknownAddress': 'Unknown address',
    'account.sessions.unknownBrowser': 'Unknown browser',
    'account.sessions.firstUsed': 'First used',
    'account.sessions.lastUsed': 'Last used',
    'account.sessions.signOut': 'Sign out',
    'account.sessions.signOutLabel': 'Sign out {browser}, last used {date}',
    'account.sessions.signOutOthers': 'Sign out everywhere else',
    'account.sessions.signedOut': '{browser} is signed out.',
    'account.sessions.signedOutOthers': 'You are signed out everywhere else.',
    'account.sessions.onlyThis': 'You are signed in on this device only.',
    'account.sessions.loadFailed': 'Your sessions could not be loaded.',
  },
  {
    'account.sessions.title': 'Där du är inloggad',
    'account.sessions.intro':
      'Logga ut från webbläsare eller enheter som du inte längre använder eller inte känner igen.',
    'account.sessions.thisDevice': 'Den här enheten',
    'account.sessions.console': 'Adminpanelen',
    'account.sessions.unknownAddress': 'Okänd adress',
    'account.sessions.unknownBrowser': 'Okänd webbläsare',
    'account.sessions.firstUsed': 'Först använd',
    'account.sessions.lastUsed': 'Senast använd',
    'account.sessions.signOut': 'Logga ut',
    'account.sessions.signOutLabel': 'Logga ut {browser}, senast använd {date}',
    'account.sessions.signOutOthers': 'Logga ut överallt annars',
    'account.sessions.signedOut': '{browser} är utloggad.',
    'account.sessions.signedOutOthers': 'Du är utloggad överallt annars.',
    'account.sessions.onlyThis': 'Du är bara inloggad på den här enheten.',
    'account.sessions.loadFailed': 'Dina sessioner kunde inte hämtas.',
  },
);
