/** The /terms page in English (docs/product.md#screens-and-routes "Terms cover…", docs/product.md#constants terms; docs/decisions.md#permissions, docs/decisions.md#content-and-uploads). */
import { RULE_NUMBERS as n, SUPPORT_EMAIL, type LegalDocument, type SeasonFacts } from './content-types.ts';
import { EN } from './wording.ts';

const { num, plural, times, prizes, playOpen } = EN;

export function terms(f: SeasonFacts): LegalDocument {
  const organisers = `the ${f.product} organisers`;
  const finals = f.finals ? `on ${f.finals}` : 'on a date announced in the news';

  return {
    title: `${f.product} terms and conditions`,
    intro:
      `These terms apply to everyone who takes part in ${f.seasonName}. By creating an account you agree to them ` +
      `and to the rules. If you are under ${n.adultAge}, please read them together with a parent or guardian.`,
    sections: [
      {
        id: 'eligibility',
        title: 'Who can take part',
        blocks: [
          {
            kind: 'list',
            items: [
              `You must be older than ${n.minAge}.`,
              `Players under ${n.adultAge} need the approval of a parent or guardian before they can receive a prize.`,
              'One account per person. Your account is personal: you may not share it, sell it or give it to someone else.',
              'This season is open to players on PlayStation only.',
            ],
          },
          {
            kind: 'p',
            text:
              `If you are under ${n.adultAge}, you give the e-mail address of a parent or guardian when you sign up. ` +
              'We send them a confirmation e-mail with a link. Until they confirm, you can play and post, but you ' +
              'cannot receive a prize.',
          },
          {
            kind: 'p',
            text:
              'The details you give us must be true, including your name and birth date. Before we hand out a prize we ' +
              'may ask you to show that you are who you say you are and that you are old enough.',
          },
        ],
      },
      {
        id: 'competition',
        title: 'The competition',
        blocks: [
          {
            kind: 'list',
            items: [
              `The qualifiers run from ${f.qualifiersStart} to ${f.qualifiersEnd}.`,
              playOpen(f.window),
              `Each player can play at most ${plural(f.maxGamesPerWeek, 'game', 'games')} per week.`,
              `When the qualifiers end, the top ${num(n.finalsWinners)} players in the ranking go through to the finals ${finals}.`,
              `Finalists must accept their place within ${plural(n.finalistAcceptHours, 'hour', 'hours')} of our ` +
                'e-mail. Otherwise the place goes to the next player in the ranking.',
            ],
          },
          {
            kind: 'p',
            text:
              "The rules page explains how games are played, reported and decided, and is part of these terms. A moderator's " +
              'decision in a conflict is final.',
          },
          {
            kind: 'p',
            text:
              'If something outside our control makes fair play impossible, such as a serious technical problem or ' +
              'cheating on a large scale, we may pause the competition, void or replay games, or move dates. We ' +
              'announce such changes in the news.',
          },
        ],
      },
      {
        id: 'prizes',
        title: 'Prizes',
        blocks: [
          {
            kind: 'list',
            items: [
              ...prizes(),
              `Each player can win a trophy-hunt prize ${times(n.trophyPrizesPerPlayer)} per tournament.`,
            ],
          },
          {
            kind: 'p',
            text: `The value of a single prize is at most ${num(n.prizeValueMaxSek)} SEK.`,
          },
          {
            kind: 'p',
            text:
              'We contact winners by e-mail, at the address on their account. Trophy-hunt winners have ' +
              `${plural(n.trophyDetailsDays, 'day', 'days')} to give us the details we need to deliver the prize. ` +
              'If we do not hear from you in time, the prize may go to the next player in line.',
          },
          {
            kind: 'p',
            text:
              `Prizes are delivered within ${plural(n.prizeDeliveryWeeks, 'week', 'weeks')} once we have your ` +
              `details and, for players under ${n.adultAge}, the approval of a parent or guardian.`,
          },
          {
            kind: 'p',
            text:
              'Prizes are personal. They cannot be exchanged for cash or handed over to someone else. Any tax on a ' +
              "prize follows the law of the winner's country; where the winner has to pay it, that is the winner's " +
              'responsibility.',
          },
        ],
      },
      {
        id: 'privacy',
        title: 'Your data and privacy',
        blocks: [
          {
            kind: 'p',
            text: 'We only collect what we need to run the tournament. This is what we store:',
          },
          {
            kind: 'list',
            items: [
              'Account details: username, first and last name, e-mail address and password. The password is stored in a form that nobody can read, not even us.',
              'Your birth date and country, to check your age and see where our players come from.',
              `For players under ${n.adultAge}: the e-mail address of a parent or guardian.`,
              'Your console, gamer tag, teams and the pictures you upload.',
              'Your games: results, stats, rating, trophies, chat messages and evidence.',
              'Your forum posts.',
              'IP addresses, for security: to limit sign-in attempts, stop abuse and enforce bans.',
            ],
          },
          {
            kind: 'p',
            text:
              'We use this to run matchmaking and the ranking, settle conflicts, keep the service safe, contact ' +
              'finalists and winners, and deliver prizes. Moderators only see what they need for their work, and ' +
              'every admin action is logged.',
          },
          {
            kind: 'p',
            text:
              'What others can see: your username, first and last name, team, gamer tag and stats in the ranking, ' +
              'plus your profile picture and forum posts. Your e-mail address, birth date and IP address are never shown.',
          },
          {
            kind: 'p',
            text:
              `Players under ${n.adultAge}: only your username, profile picture, country, rating, results and ` +
              'trophies are public. Your first and last name, your club and your gamer tag are not: only our staff ' +
              'see them, and your opponent in a game sees your gamer tag so you can play. Your profile page is kept ' +
              'out of search engines, and only signed-in players see whether you are online. Adults can hide their ' +
              'first and last name in settings.',
          },
          {
            kind: 'p',
            text:
              'Every image you upload is re-encoded by us. That removes hidden information in the file, such as the ' +
              'place where a photo was taken.',
          },
          {
            kind: 'p',
            text:
              'You can ask for a copy of your data, or ask us to erase it, by e-mailing us. When we erase an account we ' +
              "anonymise it: your name and details are removed, but your games stay in your opponents' history " +
              'without your name, so their results remain correct.',
          },
          {
            kind: 'p',
            text:
              'We keep your data for as long as you have an account, and delete or anonymise it when you ask us to. ' +
              'Security records such as IP addresses are kept only as long as they are needed to protect the service.',
          },
          {
            kind: 'p',
            text:
              'We only e-mail you about your account: password resets, confirmation for a parent or guardian, the ' +
              `finals and prizes. We never send marketing to players under ${n.adultAge}, and we never sell your ` +
              'data or pass it on for marketing.',
          },
        ],
      },
      {
        id: 'conduct',
        title: 'Conduct',
        blocks: [
          {
            kind: 'p',
            text:
              'Follow the rules, including fair play, and be respectful to other players and to the moderators. ' +
              'What you post, whether chat, forum posts, pictures or evidence, must be your own, legal and not ' +
              'offensive. We may remove anything that breaks these terms.',
          },
          {
            kind: 'p',
            text:
              'If you break the rules or these terms we may remove results, withhold or take back prizes, or suspend ' +
              'or ban your account. In serious cases we may block sign-ups and sign-ins from your network.',
          },
        ],
      },
      {
        id: 'contact',
        title: 'Contact',
        blocks: [
          {
            kind: 'p',
            text: `${f.seasonName} is run by ${organisers}.`,
          },
          {
            kind: 'p',
            text:
              `For questions, data requests, reports or complaints, e-mail ${SUPPORT_EMAIL}. Please include your ` +
              'username and, if it is about a game, the match ID. Parents and guardians are welcome to write to us too.',
          },
        ],
      },
      {
        id: 'changes',
        title: 'Changes to these terms',
        blocks: [
          {
            kind: 'p',
            text:
              'We may update these terms and the rules, for example to fix a mistake or for a new season. We announce ' +
              'important changes in the news, and by e-mail when they affect prizes or your data.',
          },
          {
            kind: 'p',
            text:
              'A change never takes away a prize you have already won. If you do not accept a change, you can stop ' +
              'playing and ask us to erase your account.',
          },
        ],
      },
    ],
  };
}
