/** Demo data: news articles (docs/product.md#screens-and-routes news page; 3 articles for each of the 4 category labels of docs/product.md#what-it-does). */
import type { NewsCategoryId } from '@ecup/domain';

interface NewsTemplate {
  category_id: NewsCategoryId;
  title: string;
  excerpt: string;
  /** Simple HTML: <p>, <h2>, <ul>/<li>, <strong>, <a href="https://…">. Placeholders as {@link fill} reads them. */
  content: string;
}

export const NEWS: readonly NewsTemplate[] = [
  {
    category_id: 0,
    title: 'The {product} final is coming to Gothia Cup in Gothenburg',
    excerpt:
      'The best players of the season will meet in Gothenburg in {final_month}, in the middle of the world’s biggest youth football tournament.',
    content: `<p>This season’s champion will not only be crowned online. The <strong>{product} final</strong> will be played on stage at <strong>Gothia Cup</strong> in Gothenburg in {final_month}, in front of thousands of young footballers from all over the world.</p>
<h2>Who gets to go?</h2>
<p>The top players of the qualifier ranking are invited to the finals. The winner takes home 36 000 FIFA points and the trip to Gothenburg.</p>
<ul>
<li>Play your qualifier games on PlayStation during the weekly window.</li>
<li>Keep your Elo high: the ranking decides who is invited.</li>
<li>Make sure your e-mail address in your settings is correct, so that we can reach you.</li>
</ul>
<p>Read more about the tournament itself at <a href="https://gothiacup.se">gothiacup.se</a>.</p>`,
  },
  {
    category_id: 0,
    title: 'Gothia Cup opens its doors to esports',
    excerpt:
      'For the first time the Gothia Cup week gets its own esports stage, and {product} players are the first to step onto it.',
    content: `<p>Gothia Cup has welcomed teams from more than 70 nations for decades. This year the football week in Gothenburg also makes room for the players who compete with a controller in their hands.</p>
<h2>A stage next to the pitches</h2>
<p>The {product} finalists will play their matches on a big screen with live commentary, a short walk from the pitches where the youth teams play their group games.</p>
<p>Many young footballers spend their evenings playing FIFA with their team mates, so bringing the pitch and the console together in one week was a natural step.</p>
<p>Opening hours and the full schedule for the week will be published here before the summer.</p>`,
  },
  {
    category_id: 0,
    title: 'Five things to do in Gothenburg during the final week',
    excerpt: 'Travelling to the final? Here is how to make the most of a week in Gothenburg when you are not playing.',
    content: `<p>The final only takes one evening, so there is plenty of time to see the city. Our Gothenburg-born staff picked their favourites.</p>
<h2>Our top five</h2>
<ul>
<li><strong>Liseberg</strong>, the amusement park right next to the event area.</li>
<li><strong>The archipelago</strong>: the trams and ferries take you out to the islands on one ticket.</li>
<li><strong>Slottsskogen</strong>, a huge park with a free zoo and plenty of room for a kickabout.</li>
<li><strong>Haga</strong>, for the famous giant cinnamon buns.</li>
<li><strong>Gothia Cup matches</strong>: watch future stars play for free at the pitches around the city.</li>
</ul>
<p>Plan your trip with the city’s own guide at <a href="https://www.goteborg.com/en">goteborg.com</a>.</p>`,
  },
  {
    category_id: 1,
    title: 'The Coca-Cola Trophy Hunt is open: 25 trophies every week',
    excerpt: 'Every Monday a new pool of 25 trophies opens, and three wins in a row make one of them yours.',
    content: `<p>Alongside the qualifiers, every week of the season has its own side competition: the <strong>Coca-Cola Trophy Hunt</strong>.</p>
<h2>How it works</h2>
<ul>
<li>Win a game and you take a trophy from this week’s pool of 25.</li>
<li>Win <strong>three games in a row</strong> while you hold it and the trophy is secured for good.</li>
<li>Lose while you hold a trophy and it passes to your opponent.</li>
<li>A draw does not count: you need another win.</li>
<li>An unsecured trophy stays active for two days before it goes back to the pool.</li>
</ul>
<p>The players who secure trophies each week win 12 000 FIFA points. You can win the trophy-hunt prize once per tournament, so a secured trophy is worth celebrating.</p>`,
  },
  {
    category_id: 1,
    title: 'Trophy hunt tips: how to hold on for three games',
    excerpt: 'Taking a trophy is the easy part; these five habits help you keep it until it is secured.',
    content: `<p>We looked at how last week’s hunters secured their trophies and asked a few of them for advice.</p>
<h2>Five habits of successful hunters</h2>
<ul>
<li><strong>Play your streak in one session.</strong> The trophy is active for two days, so do not wait too long.</li>
<li><strong>Warm up first.</strong> Play a friendly before you queue with a trophy on the line.</li>
<li><strong>Protect the lead.</strong> One goal up with ten minutes left? Keep the ball.</li>
<li><strong>Take breaks.</strong> Tired hands make mistakes in the last minutes.</li>
<li><strong>Report results straight away,</strong> so your next game can start.</li>
</ul>
<p>Share your own tips in the Trophy hunt forum, and good luck this week!</p>`,
  },
  {
    category_id: 1,
    title: 'Trophy hunters of the week secure their prizes',
    excerpt: 'Six players secured a trophy this week and each of them wins 12 000 FIFA points.',
    content: `<p>What a week! The pool emptied fast on Monday evening and by Friday <strong>six players</strong> had won three games in a row to secure their trophies.</p>
<h2>What happens next</h2>
<p>Every weekly winner gets an e-mail from us and has <strong>7 days</strong> to send the details we need to deliver the 12 000 FIFA points. Players under 18 need a parent or guardian to approve before a prize can be sent.</p>
<p>A new pool of 25 trophies opens on Monday at 00:00. See the current pool and the leaderboard on the trophy hunt page.</p>`,
  },
  {
    category_id: 2,
    title: 'Qualifiers are open: how the {product} season works',
    excerpt: 'Sign up, queue for a match and climb the Elo ranking: everything you need to know about the qualifiers.',
    content: `<p>The qualifiers of <strong>{product}</strong> are open! Every game you play counts towards the ranking that decides who goes to the final.</p>
<h2>The basics</h2>
<ul>
<li>The season is played on <strong>PlayStation</strong> only.</li>
<li>Play is open from Monday 00:00 to Saturday 00:00 Swedish time.</li>
<li>You can play up to <strong>{max_games} games a week</strong>.</li>
<li>Games are one against one, with 6-minute halves.</li>
<li>Everyone starts at an Elo of 1000; beating a higher-rated player gives you more points.</li>
</ul>
<p>Press <strong>Let’s play</strong>, enter the queue and accept the match when an opponent is found. You have 30 seconds to accept.</p>`,
  },
  {
    category_id: 2,
    title: 'Results, verification and conflicts explained',
    excerpt:
      'After the final whistle one player reports the score and the other verifies it; here is what happens when you disagree.',
    content: `<p>Twelve minutes after your game starts, the result form opens. One of you enters the score, and the other presses <strong>Verify</strong> if it is correct.</p>
<h2>When you do not agree</h2>
<p>If the reported score is wrong, press <strong>Protest</strong>. The game becomes a conflict, and you can both upload evidence: a screenshot of the final score or a YouTube link to a recording.</p>
<ul>
<li>An admin looks at the evidence and sets the final result.</li>
<li>If your opponent leaves the game, report <strong>Opponent left</strong>.</li>
<li>If nobody answers a report within 15 minutes, the game goes to an admin automatically.</li>
</ul>
<p>Fair play keeps the tournament fun for everyone. Players who report false results can be banned.</p>`,
  },
  {
    category_id: 2,
    title: 'Prize overview: 36 000 FIFA points for the champion',
    excerpt: 'From the champion’s trip to Gothenburg to the weekly rounds, here is every prize of the season.',
    content: `<p>There is more to win than ever this season. Here is the full list.</p>
<h2>Final</h2>
<ul>
<li><strong>Winner:</strong> 36 000 FIFA points and a trip to the final in {final_month}.</li>
<li><strong>Second place:</strong> 24 000 FIFA points.</li>
<li><strong>Third place:</strong> 12 000 FIFA points.</li>
<li>All three also win {product} apparel.</li>
</ul>
<h2>Every week</h2>
<p>Weekly round winners take home 12 000 FIFA points, and so does every weekly winner of the Coca-Cola Trophy Hunt.</p>
<p>Prizes are delivered within six weeks. The full terms are on the terms page.</p>`,
  },
  {
    category_id: 3,
    title: 'Coca-Cola brings the Trophy Hunt to {product}',
    excerpt:
      'Coca-Cola joins the season as the sponsor of the weekly trophy hunt, with 25 trophies up for grabs every week.',
    content: `<p><strong>Sponsored story.</strong> Coca-Cola has been part of youth football for a long time, and this season it joins {product} as the sponsor of the weekly <strong>Coca-Cola Trophy Hunt</strong>.</p>
<h2>Why a trophy hunt?</h2>
<p>Not everyone can finish at the top of the ranking, but everyone can have a great week. With a fresh pool every Monday, the trophy hunt gives every player a real chance to win something.</p>
<p>Find out more about Coca-Cola’s football programmes at <a href="https://www.coca-cola.com">coca-cola.com</a>.</p>`,
  },
  {
    category_id: 3,
    title: 'Stay sharp between matches: breaks, water and sleep',
    excerpt:
      'Long gaming sessions are tough on focus; a few simple routines help you play your best game in the last minute too.',
    content: `<p><strong>Sponsored story.</strong> Professional esports players plan their breaks just like footballers plan their training. Here is what works.</p>
<ul>
<li><strong>Drink water</strong> between games and keep a bottle next to the console.</li>
<li><strong>Stand up and stretch</strong> for five minutes every hour.</li>
<li><strong>Stop in time:</strong> a good night’s sleep is worth more than one extra game.</li>
<li><strong>Play with friends:</strong> a trophy hunt evening is more fun together.</li>
</ul>
<p>Remember that the weekly game cap is there to keep the tournament fair and fun, not to be reached every week.</p>`,
  },
  {
    category_id: 3,
    title: 'From the pitch to the pad: players who do both',
    excerpt:
      'Many {product} players also play for a real club; three of them tell us how they balance training and tournament games.',
    content: `<p><strong>Sponsored story.</strong> A look at the ranking shows clubs from all over Sweden next to the FIFA teams: a lot of our players train with a real team several times a week.</p>
<h2>Training first</h2>
<p>“I play my {product} games on Sunday and Wednesday evenings, when we have no training,” says a 15-year-old midfielder from Gothenburg. “Watching how the pros build attacks in FIFA actually helps me read the game on the pitch.”</p>
<h2>Same team, different screen</h2>
<p>Several clubs now hold their own FIFA nights. Is your team one of them? Tell us in the forums, and your club could be featured in a future story.</p>`,
  },
];
