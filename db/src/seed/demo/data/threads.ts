/** Demo data: the forum threads of the demo (docs/product.md#screens-and-routes: four categories; plain-text posts, docs/decisions.md#content-and-uploads). */
/** Who writes a post: the thread's author, the demo admin, or any other demo player. */
type PostRole = 'op' | 'admin' | 'any';

export interface ThreadTemplate {
  category_id: 0 | 1 | 2 | 3;
  title: string;
  /** The first post is the thread's opening message. `{product}` is the season's product name. */
  posts: readonly (readonly [PostRole, string])[];
}

export const THREADS: readonly ThreadTemplate[] = [
  // 0 Gothia Cup
  {
    category_id: 0,
    title: 'Anyone else playing Gothia Cup on the pitch this summer?',
    posts: [
      [
        'op',
        'Our P15 team is going to Gothia Cup in July. Would be crazy to make the {product} final the same week! Anyone else playing for real too?',
      ],
      [
        'any',
        'Yes! Playing with my club in the B16 class. We lost in the round of 32 last year so hoping for more this time.',
      ],
      [
        'any',
        'Same here, our girls team is going for the first time. Are the finals on the same days as the group games?',
      ],
      [
        'admin',
        'The final schedule is published before the summer. We will try to keep it away from the group stage so nobody has to choose!',
      ],
      ['op', 'Perfect, thanks. See you at Heden then 😄'],
      ['any', 'Good luck everyone, bring sunscreen, it was so hot last year.'],
    ],
  },
  {
    category_id: 0,
    title: 'Where do finalists stay in Gothenburg?',
    posts: [
      ['op', 'If I qualify, is the hotel included or do we sleep at a school like the Gothia teams?'],
      ['admin', 'Travel and accommodation details are sent to the finalists by e-mail once the qualifiers are over.'],
      ['any', 'Sleeping at a school is half the fun though 😂'],
      ['op', 'Haha true, but I want to sleep well before the final.'],
    ],
  },
  {
    category_id: 0,
    title: 'Best memories from Gothia Cup?',
    posts: [
      ['op', 'Mine: the opening ceremony at Ullevi, 40 000 people and fireworks. What is yours?'],
      ['any', 'Swapping shirts with a team from Brazil after they beat us 6-0 🙈'],
      ['any', 'Scoring the winner in extra time in the quarter final. Still my best goal ever.'],
      ['any', 'Eating ice cream every single day for a week.'],
      ['op', 'Haha the ice cream is a big part of it.'],
      ['any', 'Meeting people from so many countries. We still have a group chat with a team from Norway.'],
      ['any', 'Playing in the rain on artificial grass at 8 in the morning. Character building!'],
    ],
  },
  {
    category_id: 0,
    title: 'Will the final be streamed?',
    posts: [
      ['op', 'My family lives far away from Gothenburg. Can they watch the {product} final online somewhere?'],
      ['admin', 'We plan to stream the final with commentary. The link will be in the news section the week before.'],
      ['op', 'Great, thanks!'],
    ],
  },
  {
    category_id: 0,
    title: 'Gothia Cup team looking for FIFA players for a club night',
    posts: [
      [
        'op',
        'Our club is doing a FIFA evening before we travel to Gothenburg. Does anyone have tips for running a small tournament with 16 players and 4 consoles?',
      ],
      ['any', 'Groups of four, one console per group, then knockout on the big TV. Takes about three hours.'],
      ['any', 'Use 4 minute halves or it takes forever.'],
      ['op', 'Good ideas, we will try groups of four. Thanks!'],
      ['any', 'And have pizza 🍕'],
    ],
  },
  {
    category_id: 0,
    title: 'First time at Gothia Cup, what should I pack?',
    posts: [
      [
        'op',
        'Going with my team for the first time. Apart from boots and shin pads, what do you wish you had brought?',
      ],
    ],
  },

  // 1 {product}
  {
    category_id: 1,
    title: 'How does the Elo ranking work?',
    posts: [
      ['op', 'I won against someone and only got +8 but lost 25 points when I lost a game. Is that a bug?'],
      [
        'admin',
        'Not a bug: the points depend on the difference in rating. Beating a lower-rated player gives few points, losing to one costs more. During your first 30 games your rating also moves twice as fast so you find your level quickly.',
      ],
      ['any', 'So the trick is to beat the players at the top 😅'],
      ['op', 'Makes sense now, thanks for explaining.'],
      ['any', 'Also draws count as half a win, so a draw against someone much better still gives you points.'],
    ],
  },
  {
    category_id: 1,
    title: 'My opponent did not accept the match',
    posts: [
      ['op', 'I got matched twice in a row and the other player never pressed accept. Do I lose anything?'],
      [
        'admin',
        'No, you go straight back to the queue. Players who decline or let matches time out several times in an hour have to wait a few minutes before they can queue again.',
      ],
      ['any', 'Happened to me too, the next match came after 20 seconds.'],
    ],
  },
  {
    category_id: 1,
    title: 'What formation are you using?',
    posts: [
      ['op', 'I have been playing 4-2-3-1 all season but keep conceding on the counter. What are you all using?'],
      ['any', '4-1-2-1-2 narrow. Lots of passing through the middle and two strikers up top.'],
      ['any', '4-3-3 with one defensive midfielder on stay back while attacking. Solid.'],
      ['op', 'Do you change the defensive style too?'],
      ['any', 'Balanced, and drop back when I am winning. Pressing the whole game kills the stamina.'],
      ['any', '5-2-1-2 when I need to hold a lead, people hate it 😂'],
      ['op', 'Tried 4-3-3 with a defensive mid yesterday, won 4 out of 5. Thanks all!'],
      ['any', 'Nice! Which team do you use?'],
      ['op', 'Liverpool, the front three is too good.'],
    ],
  },
  {
    category_id: 1,
    title: 'Result form does not show up?',
    posts: [
      ['op', 'The game is over but I cannot see where to enter the score.'],
      [
        'admin',
        'The result form opens 12 minutes after the game started, since a game with 6 minute halves cannot finish earlier. Refresh the game page after that and it will be there.',
      ],
      ['op', 'Ah, we played really fast. It is there now, thanks!'],
    ],
  },
  {
    category_id: 1,
    title: 'Good luck everyone this week!',
    posts: [
      ['op', 'New week, new chances. Let’s keep it fair and have fun. GLHF!'],
      ['any', 'GLHF! See you in the queue.'],
      ['any', 'Trying to get into the top 50 this week 💪'],
      ['any', 'Good luck all, and please verify your results quickly 🙏'],
    ],
  },
  {
    category_id: 1,
    title: 'Is there a limit on games per week?',
    posts: [
      ['op', 'I played a lot yesterday and wonder if there is a maximum.'],
      ['admin', 'Yes, {max_games} games per week. The count starts again every Monday at 00:00 Swedish time.'],
    ],
  },

  // 2 Coca-Cola Trophy hunt
  {
    category_id: 2,
    title: 'Finally secured my first trophy!',
    posts: [
      ['op', 'Three wins in a row on Tuesday night, the last one 2-1 in the 88th minute. So nervous 😅'],
      ['any', 'Congrats! I lost mine on the third game twice this week 😭'],
      ['any', 'GG, well deserved.'],
      ['op', 'Thanks! Tip: do not play your third game when you are tired.'],
      ['any', 'Congrats from me too! How long did it take from taking it to securing it?'],
      ['op', 'About an hour, I played all three games in one evening.'],
    ],
  },
  {
    category_id: 2,
    title: 'What happens to my trophy after two days?',
    posts: [
      ['op', 'I took a trophy on Monday and have not played since. Do I still have it?'],
      [
        'admin',
        'An unsecured trophy is active for two days. If you have not secured it by then, it goes back to the pool so someone else can win it.',
      ],
      ['op', 'OK, time to play tonight then!'],
    ],
  },
  {
    category_id: 2,
    title: 'Does a draw break my streak?',
    posts: [
      ['op', 'I had 2 wins with my trophy, then drew 1-1. Am I back at zero?'],
      ['any', 'No, a draw is ignored. You still have 2 wins and need one more.'],
      ['admin', 'Correct. A draw does not change anything for the trophy, but you still need a win to secure it.'],
      ['op', 'Phew, thanks!'],
    ],
  },
  {
    category_id: 2,
    title: 'Pool was empty on Thursday',
    posts: [
      ['op', 'Tried to take a trophy on Thursday but the pool was empty. When does it reset?'],
      ['any', 'Every Monday at midnight. You can still win one by beating someone who holds one!'],
      ['op', 'Oh nice, so I should look for trophy holders 😈'],
      ['any', 'You do not choose your opponent though, matchmaking does.'],
      ['op', 'True, guess I just have to win a lot then.'],
    ],
  },
  {
    category_id: 2,
    title: 'Trophy hunt strategy: play early in the week?',
    posts: [
      ['op', 'Is it better to start hunting on Monday when the pool is full?'],
      ['any', 'Definitely. By Wednesday evening it is often half empty.'],
      ['any', 'But on Monday everyone is hunting, so the holders you meet are good.'],
      ['any', 'I play Monday evening and Tuesday evening. Secured two trophies this season that way.'],
      ['op', 'Monday and Tuesday it is then, thanks!'],
    ],
  },
  {
    category_id: 2,
    title: 'Can I win the trophy hunt more than once?',
    posts: [
      ['op', 'I already won the trophy-hunt prize in week 2. Can I win again?'],
      [
        'admin',
        'The trophy-hunt prize can be won once per tournament, so the prize goes to the next player. Secured trophies still count in the trophy ranking though!',
      ],
      ['op', 'Fair enough, then I will go for the trophy ranking.'],
    ],
  },

  // 3 General Discussion
  {
    category_id: 3,
    title: 'Which real team do you play for?',
    posts: [
      ['op', 'I play left back for my local club. What about you?'],
      ['any', 'Striker in our P14 team, 12 goals this season ⚽'],
      ['any', 'Goalkeeper! Maybe why I am better at defending in FIFA too.'],
      ['any', 'I stopped playing on the pitch last year but still play futsal with friends.'],
      ['op', 'Keepers are the bravest people on the team 🧤'],
      ['any', 'Central midfield, I run way too much.'],
      ['any', 'Winger for my school team. Pace is everything.'],
      ['any', 'Centre back. I play exactly the same in FIFA: no risks 😂'],
      ['any', 'Not in a club, I just love the game. Maybe I should join one!'],
      ['op', 'Do it! Most clubs are happy to get new players.'],
      ['any', 'Right back in a girls team, we just won our league.'],
      ['op', 'Congrats! 🏆'],
    ],
  },
  {
    category_id: 3,
    title: 'Controller recommendations?',
    posts: [
      ['op', 'My left stick is drifting. Which controller do you use?'],
      ['any', 'Just the normal DualShock 4, but I clean it regularly.'],
      ['any', 'Mine drifted too, a new one from the shop fixed it. Not worth trying to repair it.'],
      ['op', 'OK, birthday wish list updated 😄'],
    ],
  },
  {
    category_id: 3,
    title: 'Who will win the Champions League?',
    posts: [
      ['op', 'My bet is Liverpool again. Yours?'],
      ['any', 'Bayern look unstoppable this season.'],
      ['any', 'PSG, they have to win it one day.'],
      ['any', 'Man City. De Bruyne is on another level.'],
      ['op', 'Let’s check this thread again in the summer 😄'],
    ],
  },
  {
    category_id: 3,
    title: 'Introduce yourself!',
    posts: [
      ['admin', 'Welcome to the {product} forums! Tell us who you are, where you play from and your favourite team.'],
      ['any', 'Hi! 15 from Malmö, supporting Malmö FF, playing with Real Madrid in FIFA.'],
      ['any', 'Hello from Oslo 👋 17, Rosenborg fan, FIFA team Barcelona.'],
      ['any', 'Hey, 14 from Stockholm. Hammarby all the way 💚'],
      ['any', 'Hi everyone! Playing from Copenhagen, 16, love Brøndby and Liverpool.'],
      ['any', 'Hej! 13 and this is my first tournament.'],
      ['admin', 'Welcome! Have fun and do not hesitate to ask if something is unclear.'],
      ['any', 'Hi from Gothenburg, 18, IFK Göteborg supporter.'],
    ],
  },
  {
    category_id: 3,
    title: 'Headset or TV speakers?',
    posts: [
      ['op', 'Do you hear more with a headset? Thinking of buying one.'],
      ['any', 'Headset, mostly so I do not wake up my little brother 😅'],
      ['any', 'TV speakers for me, the crowd noise is better.'],
    ],
  },
  {
    category_id: 3,
    title: 'Homework and gaming, how do you plan your week?',
    posts: [
      ['op', 'Exams next week and the trophy hunt is on. How do you fit it all in?'],
      ['any', 'Homework first, then max 3 games. My parents’ rule, but it works.'],
      ['any', 'I only play on Friday evenings during exams.'],
      ['op', 'Sounds smart. Good luck on your exams everyone who has them!'],
    ],
  },
];
