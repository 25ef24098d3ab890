import { defineDictionary } from '../../i18n/dictionary.ts';

/** "Notifications" in settings: per kind a push and an e-mail switch, and turning on push in this browser. */
export const notificationSettings = defineDictionary(
  {
    'account.notifications.title': 'Notifications',
    'account.notifications.intro': 'Choose what we tell you about, in this browser and by e-mail.',
    'account.notifications.kind': 'Notification',
    'account.notifications.push': 'Browser',
    'account.notifications.email': 'E-mail',
    'account.notifications.switchLabel': '{kind}: {channel}',
    'account.notifications.kind.result_submitted': 'Your opponent submitted a result',
    'account.notifications.kind.conflict_solved': 'A conflict was solved',
    'account.notifications.kind.trophy_expiring': 'Your trophy expires in 2 hours',
    'account.notifications.kind.window_open': 'The weekly window is open',
    'account.notifications.kind.forum_reply': 'A reply in your forum thread',
    'account.notifications.kind.guardian_approved': 'Your guardian approved your account',
    'account.notifications.turnOn': 'Turn on notifications in this browser',
    'account.notifications.on': 'Notifications are on in this browser.',
    'account.notifications.unsupported': 'This browser cannot show notifications.',
    'account.notifications.refused': 'Notifications are blocked for this site in your browser settings.',
    'account.notifications.failed': 'Notifications could not be turned on. Please try again.',
    'account.notifications.loadFailed': 'Your notification settings could not be loaded.',
    'account.notifications.saved': 'Saved.',
  },
  {
    'account.notifications.title': 'Aviseringar',
    'account.notifications.intro': 'Välj vad vi berättar för dig om, i den här webbläsaren och via e-post.',
    'account.notifications.kind': 'Avisering',
    'account.notifications.push': 'Webbläsare',
    'account.notifications.email': 'E-post',
    'account.notifications.switchLabel': '{kind}: {channel}',
    'account.notifications.kind.result_submitted': 'Din motståndare har rapporterat ett resultat',
    'account.notifications.kind.conflict_solved': 'En konflikt har lösts',
    'account.notifications.kind.trophy_expiring': 'Din trofé går ut om 2 timmar',
    'account.notifications.kind.window_open': 'Veckans spelfönster är öppet',
    'account.notifications.kind.forum_reply': 'Ett svar i din forumtråd',
    'account.notifications.kind.guardian_approved': 'Din vårdnadshavare har godkänt ditt konto',
    'account.notifications.turnOn': 'Slå på aviseringar i den här webbläsaren',
    'account.notifications.on': 'Aviseringar är på i den här webbläsaren.',
    'account.notifications.unsupported': 'Den här webbläsaren kan inte visa aviseringar.',
    'account.notifications.refused': 'Aviseringar är blockerade för den här webbplatsen i webbläsarens inställningar.',
    'account.notifications.failed': 'Aviseringarna kunde inte slås på. Försök igen.',
    'account.notifications.loadFailed': 'Dina aviseringsinställningar kunde inte hämtas.',
    'account.notifications.saved': 'Sparat.',
  },
);

/** The unsubscribe page an e-mail's link opens. */
export const unsubscribePage = defineDictionary(
  {
    'unsubscribe.title': 'Unsubscribe',
    'unsubscribe.working': 'Unsubscribing…',
    'unsubscribe.toSettings': 'Notification settings',
  },
  {
    'unsubscribe.title': 'Avsluta prenumeration',
    'unsubscribe.working': 'Avslutar…',
    'unsubscribe.toSettings': 'Aviseringsinställningar',
  },
);
