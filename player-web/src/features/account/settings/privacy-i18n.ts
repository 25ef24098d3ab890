import { defineDictionary } from '../../../i18n/dictionary.ts';

/** What others see of a player: the sign-up note and the "hide my real name" setting. */
export const privacySettings = defineDictionary(
  {
    'account.privacy.signupNote':
      'Players under 18: only your username, avatar, country and results are public; your name, club and gamer ' +
      'tag are not.',
    'account.privacy.title': 'Privacy',
    'account.privacy.intro':
      'Others see your username, picture, country, rating and results. Choose whether they also see your real name.',
    'account.privacy.hideRealName': 'Hide my real name from other players',
    'account.privacy.minorNote':
      'Players under 18: your name, club and gamer tag are hidden from others whatever you choose here.',
    'account.privacy.submit': 'Save privacy',
  },
  {
    'account.privacy.signupNote':
      'Spelare under 18 år: bara ditt användarnamn, din profilbild, ditt land och dina resultat är offentliga; ' +
      'ditt namn, din klubb och din gamertag är det inte.',
    'account.privacy.title': 'Integritet',
    'account.privacy.intro':
      'Andra ser ditt användarnamn, din bild, ditt land, din ranking och dina resultat. Välj om de också ska se ' +
      'ditt riktiga namn.',
    'account.privacy.hideRealName': 'Dölj mitt riktiga namn för andra spelare',
    'account.privacy.minorNote':
      'Spelare under 18 år: ditt namn, din klubb och din gamertag är dolda för andra vad du än väljer här.',
    'account.privacy.submit': 'Spara integritet',
  },
);
