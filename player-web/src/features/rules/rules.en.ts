/** The /rules page in English (docs/product.md#screens-and-routes "Rules text covers…"; every number from the domain constants or the season). */
import { PRIZE_POINTS, RULE_NUMBERS as n, type LegalDocument, type SeasonFacts } from './content-types.ts';
import { EN } from './wording.ts';

const { num, plural, times, points, prizes, queueWindow, queueOpens } = EN;

export function rules(f: SeasonFacts): LegalDocument {
  const accept = plural(n.acceptSeconds, 'second', 'seconds');
  const resultEntry = plural(n.resultEntryMinutes, 'minute', 'minutes');
  const escalation = plural(n.escalationMinutes, 'minute', 'minutes');
  const half = plural(n.halfMinutes, 'minute', 'minutes');
  const secure = plural(n.trophyWinsToSecure, 'win', 'wins');
  const trophyActive = plural(n.trophyActiveDays, 'day', 'days');
  const finalistAccept = plural(n.finalistAcceptHours, 'hour', 'hours');
  const penalty = `${times(n.penaltyMisses)} within ${plural(n.penaltyWindowHours, 'hour', 'hours')}`;
  const cooldown = plural(n.penaltyCooldownMinutes, 'minute', 'minutes');
  const scores = `${num(n.scoreMin)} to ${num(n.scoreMax)}`;
  const finals = f.finals ? `on ${f.finals}` : 'on a date we announce in the news';

  return {
    title: `${f.product} rules`,
    intro:
      `These are the rules of ${f.seasonName}. They keep every game fair and tell you exactly what happens ` +
      `if something goes wrong. Read them before your first game; the FAQ at the bottom answers the questions we get most.`,
    sections: [
      {
        id: 'tournament',
        title: 'The tournament',
        blocks: [
          {
            kind: 'p',
            text:
              `${f.product} is an online football tournament where you play one against one on your own console. ` +
              `${f.seasonName} is open to players older than ${n.minAge}. ` +
              `This season is for PlayStation only.`,
          },
          {
            kind: 'p',
            text: `The qualifier rounds run from ${f.qualifiersStart} to ${f.qualifiersEnd}. ` + queueWindow(f.window),
          },
          {
            kind: 'p',
            text:
              `You can play at most ${plural(f.maxGamesPerWeek, 'game', 'games')} per week. A new week starts on ` +
              `Monday at 00:00 in the tournament's time zone, and your count starts again from zero.`,
          },
          {
            kind: 'p',
            text:
              `Every finished game counts towards the ranking. When the qualifiers end, the ranking is the final ` +
              `standings, and the top ${num(n.finalsWinners)} players meet in the finals ${finals}.`,
          },
          {
            kind: 'p',
            text:
              `If you finish in the top ${num(n.finalsWinners)}, we e-mail you. You then have ${finalistAccept} to ` +
              `confirm your place. If you don't, the place goes to the next player in the ranking.`,
          },
          {
            kind: 'p',
            text:
              'To play you need an account, your own PlayStation, the current football game and an online ' +
              'subscription that lets you play online.',
          },
        ],
      },
      {
        id: 'format',
        title: 'Format: 1 v 1 and the ranking',
        blocks: [
          {
            kind: 'p',
            text: 'Every game is one against one: you against another player, each on your own console.',
          },
          {
            kind: 'p',
            text:
              'Press ‘Start the matchmaking’ on the Play page to join the queue. We look for an opponent with a ranking ' +
              'close to yours. The longer you wait, the wider we search, so you always get a game in the end. ' +
              'You will not meet the same opponent twice in a row if someone else is waiting.',
          },
          {
            kind: 'p',
            text:
              `When we find a match you have ${accept} to accept or decline. If you both accept, the game starts. ` +
              `If your opponent declines or doesn't answer, you go straight back into the queue. ` +
              `If you don't answer, you leave the queue.`,
          },
          {
            kind: 'p',
            text:
              `The ranking uses Elo points. Everybody starts at ${num(n.eloStart)}. Win and you gain points, lose and ` +
              `you lose points. How many depends on who you play: beating a higher-ranked player earns more than beating ` +
              `a lower-ranked one, and a draw against a stronger player still earns you a few points.`,
          },
          {
            kind: 'list',
            items: [
              `Two new players at ${num(n.eloStart)}: the winner gains ${num(n.eloEqualNewGain)} points and the loser loses ${num(n.eloEqualNewGain)}.`,
              `Later in the season, beating a player ${num(n.eloExampleGap)} points above you gives about ${num(n.eloUpsetGain)} points.`,
              `Beating a player ${num(n.eloExampleGap)} points below you gives only about ${num(n.eloFavouriteGain)}.`,
            ],
          },
          {
            kind: 'p',
            text:
              `During your first ${plural(n.eloKNewGames, 'game', 'games')} your rating moves faster, so you quickly ` +
              `find your level. After that it moves more slowly. The ranking list is sorted by Elo; with equal points, ` +
              `the player with more games comes first, then the one who signed up first.`,
          },
        ],
      },
      {
        id: 'game-mode',
        title: 'Game mode and settings',
        blocks: [
          {
            kind: 'p',
            text:
              "You play an online match in this season's football game on PlayStation. The game screen shows your " +
              "opponent's gamer tag. Add each other and play an Online Friendlies (Kick-off) match between the two of you. " +
              'Use the chat to agree who sends the invite.',
          },
          {
            kind: 'list',
            items: [
              `Half length: ${half}.`,
              'Game speed: Normal.',
              'Legacy defending: Off.',
              'Squads: the latest online squads.',
              'Teams: any club or national team in the game, whatever team you chose when you signed up. No edited teams.',
              'Formations, custom tactics and substitutions: free choice.',
              'A draw is a draw: no extra time and no penalties.',
            ],
          },
          {
            kind: 'p',
            text:
              'Only pause when the ball is out of play and you have a real reason. Using bugs or glitches in the game ' +
              'is not allowed.',
          },
          {
            kind: 'p',
            text:
              'If the connection drops, send a new invite and play the remaining minutes with the same teams. Add ' +
              'up the goals from both parts. If that is not possible, tell your opponent in the chat and follow the ' +
              'steps under Forfeits.',
          },
        ],
      },
      {
        id: 'reporting',
        title: 'Reporting the result',
        blocks: [
          {
            kind: 'p',
            text: `The result form opens ${resultEntry} after the game starts.`,
          },
          {
            kind: 'p',
            text:
              `One of you submits the result: both scores, yours and your opponent's, each a whole number from ` +
              `${scores}. It doesn't matter who does it, but only the first submission counts.`,
          },
          {
            kind: 'p',
            text:
              'The other player then verifies the result or protests. Until then, the player who submitted sees ' +
              '‘Unverified’. A verified result is final: it updates the ranking, your stats and the trophy hunt.',
          },
          {
            kind: 'p',
            text: `If the opponent doesn't answer within ${escalation}, the game goes to a moderator as a conflict.`,
          },
          {
            kind: 'p',
            text: 'Only report the score that was on the screen at the final whistle. Reporting a false result is cheating.',
          },
        ],
      },
      {
        id: 'conflicts',
        title: 'Conflicts',
        blocks: [
          {
            kind: 'p',
            text:
              'If you think the submitted result is wrong, press ‘Protest’. The game then becomes a conflict, and a ' +
              'moderator decides the result.',
          },
          {
            kind: 'p',
            text:
              'While a game is in conflict, both players can upload evidence on the game screen: a YouTube link to a ' +
              `video of the game, or a screenshot or photo (JPEG or PNG, up to ${num(n.imageMaxMb)} MB). ` +
              'Moderators also read the game chat.',
          },
          {
            kind: 'list',
            items: [
              'Best: a photo or screenshot of the full-time screen that shows the score and both teams.',
              'Good: a video of the match, or at least its last minutes, uploaded to YouTube.',
              'Helpful: screenshots that show an invite nobody answered, or a message from your opponent.',
            ],
          },
          {
            kind: 'p',
            text:
              'The moderator sets the final score. Their decision is final and counts like any other result. ' +
              'Tip: take a photo of the final score after every game. It takes two seconds and settles most disputes.',
          },
          {
            kind: 'p',
            text:
              'Open ‘Conflicts’ in your user menu to see your conflicts. Each one shows the match ID, both players, ' +
              'the date and its status: ‘Conflict’ while it is open, ‘Solved’ when a moderator has decided. ' +
              'You can keep playing other games while a conflict is open.',
          },
        ],
      },
      {
        id: 'forfeits',
        title: 'No-shows and forfeits',
        blocks: [
          {
            kind: 'p',
            text:
              "If your opponent doesn't show up or leaves during the game, report it with ‘Opponent left’ on the game " +
              'screen. Give them a fair chance first: send the invite, write in the chat and wait a few minutes.',
          },
          {
            kind: 'p',
            text:
              'Your opponent can confirm the report or protest. If they confirm, you get the win. If they protest, ' +
              `or don't respond within ${escalation}, the game goes to a moderator as a conflict.`,
          },
          {
            kind: 'p',
            text:
              'Quitting a game on purpose counts as a forfeit. If you really have to stop, tell your opponent in ' +
              'the chat.',
          },
          {
            kind: 'p',
            text:
              `Only join the queue when you are ready to play. If you decline or let matches time out ${penalty}, ` +
              `you cannot join the queue for ${cooldown}. The Play page tells you when you can join again.`,
          },
        ],
      },
      {
        id: 'fair-play',
        title: 'Fair play',
        blocks: [
          {
            kind: 'p',
            text: `${f.product} should be fun for everyone. That means:`,
          },
          {
            kind: 'list',
            items: [
              'Be respectful in the chat and the forums. No insults, threats, racism, sexism or bullying.',
              'No cheating: no false results, no modified consoles or software, no disconnecting on purpose, no bug abuse.',
              "Play your own games. Don't share your account or let someone else play for you.",
              'One account per person. Extra accounts will be closed.',
              "Don't fix results with other players, for example by letting a friend win.",
              'Sign up with your real name and birth date. Prizes only go to the person who owns the account.',
            ],
          },
          {
            kind: 'p',
            text:
              'Breaking the rules can lead to a warning, removed results, lost prizes or a ban. A banned player ' +
              'cannot sign in, post, chat or join the queue, and is shown the reason.',
          },
          {
            kind: 'p',
            text:
              'See someone cheating? Protest the game and upload evidence. For anything else, e-mail us at the ' +
              'address in the terms.',
          },
        ],
      },
      {
        id: 'trophy-hunt',
        title: 'Coca-Cola Trophy hunt',
        blocks: [
          {
            kind: 'p',
            text:
              'Alongside the qualifiers runs the Coca-Cola Trophy hunt, a weekly sponsored side competition. You ' +
              "don't have to sign up for it: every finished game counts.",
          },
          {
            kind: 'p',
            text:
              `Each week a pool of ${num(n.trophyPool)} trophies opens, in the same window as the qualifiers. ` +
              'The pool is reset when a new week starts.',
          },
          {
            kind: 'list',
            items: [
              "Win a game and you take a trophy from the pool, as long as you don't already hold one and there are trophies left.",
              `${secure} in a row secure the trophy: it is yours for good. The win that got you the trophy counts as the first.`,
              'Lose while you hold a trophy and it passes to the player who beat you.',
              'A draw changes nothing: you keep the trophy, but you still need another win.',
              `A trophy stays active for ${trophyActive}. If you haven't secured it by then, it goes back to the pool.`,
              'You can hold only one unsecured trophy at a time.',
            ],
          },
          {
            kind: 'p',
            text:
              `Every week, the first ${num(n.trophyWeeklyWinners)} players to secure a trophy win ` +
              `${points(PRIZE_POINTS.trophyHuntWeekly)} each. You can win a trophy-hunt prize ` +
              `${times(n.trophyPrizesPerPlayer)} per tournament. After that your trophies still count on the ` +
              'leaderboard, but the prize goes to the next player.',
          },
          {
            kind: 'p',
            text:
              `The trophy hunt ends on ${f.trophyHuntEnd}. The trophy hunt page shows how many trophies are left, ` +
              'when the pool resets, the leaderboard and, when you are signed in, your own trophies.',
          },
        ],
      },
      {
        id: 'prizes',
        title: 'Prizes',
        blocks: [
          {
            kind: 'list',
            items: prizes(),
          },
          {
            kind: 'p',
            text:
              `Players under ${n.adultAge} need the approval of a parent or guardian before they can receive a prize. ` +
              'The terms explain how prizes are delivered.',
          },
        ],
      },
      {
        id: 'faq',
        title: 'FAQ',
        blocks: [
          {
            kind: 'qa',
            q: "What if my opponent doesn't show up?",
            a:
              'Send the invite, write in the chat and wait a few minutes. If nothing happens, press ‘Opponent left’ on ' +
              `the game screen. If they don't respond within ${escalation}, a moderator decides the game.`,
          },
          {
            kind: 'qa',
            q: 'What if my internet drops during a game?',
            a:
              'Reconnect, send a new invite and play the remaining minutes with the same teams, then report the total ' +
              'score. Tell your opponent in the chat what happened. If you cannot agree, protest and let a moderator decide.',
          },
          {
            kind: 'qa',
            q: 'Can I play on Xbox?',
            a: 'Not this season. This season is only open to players on PlayStation.',
          },
          {
            kind: 'qa',
            q: 'How is the ranking calculated?',
            a:
              `With Elo points. You start at ${num(n.eloStart)}. A win earns points and a loss costs points: more ` +
              'against a stronger opponent, fewer against a weaker one. A draw moves you a little towards your opponent.',
          },
          {
            kind: 'qa',
            q: 'How do I report a cheater?',
            a:
              "If it happened in your game, protest the result and upload evidence. If it's about something else, " +
              'e-mail support with the username, the match ID and what happened.',
          },
          {
            kind: 'qa',
            q: 'What counts as evidence?',
            a:
              'A YouTube link to a video of the game, or a screenshot or photo of the final score (JPEG or PNG). ' +
              'Make sure the score and both teams are visible.',
          },
          {
            kind: 'qa',
            q: 'Can I change my gamer tag?',
            a:
              'Yes, under ‘Settings’, in the console and gamer tag section. Use the PSN ID you actually play with, or opponents ' +
              'cannot find you. Your username cannot be changed.',
          },
          {
            kind: 'qa',
            q: `I'm under ${n.adultAge}. What does my parent need to do?`,
            a:
              'When you sign up, you give the e-mail address of a parent or guardian. They get an e-mail with a ' +
              'confirmation link. Until they click it you can play and post, but you cannot receive a prize.',
          },
          {
            kind: 'qa',
            q: 'When does the queue open?',
            a: queueOpens(f.window, f.qualifiersStart, f.qualifiersEnd),
          },
          {
            kind: 'qa',
            q: "Why can't I join the queue?",
            a:
              `The window may be closed, you may have played ${plural(f.maxGamesPerWeek, 'game', 'games')} this week, ` +
              'you may still have an unfinished game to report, or you may have declined too many matches. ' +
              'The Play page tells you which.',
          },
          {
            kind: 'qa',
            q: 'How do trophy prizes work?',
            a:
              `Secure a trophy with ${secure} in a row. The first ${num(n.trophyWeeklyWinners)} players to secure ` +
              `one each week win ${points(PRIZE_POINTS.trophyHuntWeekly)}. Each player can win that prize ` +
              `${times(n.trophyPrizesPerPlayer)} per tournament.`,
          },
          {
            kind: 'qa',
            q: 'Why can I only report the result after a while?',
            a:
              `The form opens ${resultEntry} after the game starts, which is about how long two halves of ` +
              `${half} take.`,
          },
          {
            kind: 'qa',
            q: 'Does a draw count?',
            a: 'Yes. It counts as a draw in your stats and the ranking. In the trophy hunt a draw changes nothing.',
          },
          {
            kind: 'qa',
            q: 'Is my name shown to others?',
            a:
              'Yes. The ranking shows your username, first and last name, team, gamer tag and stats. ' +
              'Your e-mail address and birth date are never shown.',
          },
          {
            kind: 'qa',
            q: 'I forgot my password. What do I do?',
            a: 'Use ‘Forgot your password?’ in the sign-in form. We send you an e-mail with a link to choose a new one.',
          },
        ],
      },
    ],
  };
}
