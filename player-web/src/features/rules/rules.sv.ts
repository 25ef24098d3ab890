/** The /rules page in Swedish (docs/product.md#screens-and-routes "Rules text covers…"; every number from the domain constants or the season). */
import { PRIZE_POINTS, RULE_NUMBERS as n, type LegalDocument, type SeasonFacts } from './content-types.ts';
import { SV } from './wording.ts';

const { num, plural, times, points, prizes, queueWindow, queueOpens } = SV;

export function rules(f: SeasonFacts): LegalDocument {
  const accept = plural(n.acceptSeconds, 'sekund', 'sekunder');
  const resultEntry = plural(n.resultEntryMinutes, 'minut', 'minuter');
  const escalation = plural(n.escalationMinutes, 'minut', 'minuter');
  const half = plural(n.halfMinutes, 'minut', 'minuter');
  const secure = plural(n.trophyWinsToSecure, 'vinst', 'vinster');
  const trophyActive = plural(n.trophyActiveDays, 'dag', 'dagar');
  const finalistAccept = plural(n.finalistAcceptHours, 'timme', 'timmar');
  const penalty = `${times(n.penaltyMisses)} inom ${plural(n.penaltyWindowHours, 'timme', 'timmar')}`;
  const cooldown = plural(n.penaltyCooldownMinutes, 'minut', 'minuter');
  const scores = `${num(n.scoreMin)} till ${num(n.scoreMax)}`;
  const finals = f.finals ? `den ${f.finals}` : 'ett datum som vi meddelar i nyheterna';

  return {
    title: `Regler för ${f.product}`,
    intro:
      `Här är reglerna för ${f.seasonName}. De finns till för att alla matcher ska vara rättvisa och för att du ska ` +
      `veta exakt vad som händer om något går snett. Läs dem innan din första match – längst ner hittar du svar på ` +
      `de vanligaste frågorna.`,
    sections: [
      {
        id: 'tournament',
        title: 'Turneringen',
        blocks: [
          {
            kind: 'p',
            text:
              `${f.product} är en fotbollsturnering online där du möter en annan spelare, en mot en, på din egen konsol. ` +
              `${f.seasonName} är öppen för spelare som är äldre än ${n.minAge} år. ` +
              `Den här säsongen spelas bara på PlayStation.`,
          },
          {
            kind: 'p',
            text: `Kvalomgångarna pågår från ${f.qualifiersStart} till ${f.qualifiersEnd}. ` + queueWindow(f.window),
          },
          {
            kind: 'p',
            text:
              `Du kan spela högst ${plural(f.maxGamesPerWeek, 'match', 'matcher')} per vecka. En ny vecka börjar på ` +
              `måndag kl. 00:00 i turneringens tidszon, och då börjar du om från noll.`,
          },
          {
            kind: 'p',
            text:
              `Alla färdigspelade matcher räknas in i rankingen. När kvalet är slut är rankingen slutställningen, och ` +
              `de ${num(n.finalsWinners)} bästa spelarna möts i finalspelet ${finals}.`,
          },
          {
            kind: 'p',
            text:
              `Slutar du bland de ${num(n.finalsWinners)} bästa mejlar vi dig. Sedan har du ${finalistAccept} på dig ` +
              `att bekräfta din plats. Gör du inte det går platsen till nästa spelare i rankingen.`,
          },
          {
            kind: 'p',
            text:
              'För att spela behöver du ett konto, en egen PlayStation, det aktuella fotbollsspelet och ett ' +
              'abonnemang som låter dig spela online.',
          },
        ],
      },
      {
        id: 'format',
        title: 'Format: 1 mot 1 och rankingen',
        blocks: [
          {
            kind: 'p',
            text: 'Varje match spelas en mot en: du mot en annan spelare, på var sin konsol.',
          },
          {
            kind: 'p',
            text:
              'Tryck på ”Starta matchmaking” på sidan ”Spela” för att ställa dig i kön. Vi letar efter en motståndare med en ' +
              'ranking nära din. Ju längre du väntar, desto bredare söker vi, så till slut får du alltid en match. ' +
              'Du möter inte samma motståndare två gånger i rad om någon annan väntar.',
          },
          {
            kind: 'p',
            text:
              `När vi har hittat en match har du ${accept} på dig att acceptera eller tacka nej. Accepterar ni båda ` +
              `startar matchen. Om motståndaren tackar nej eller inte svarar hamnar du direkt i kön igen. ` +
              `Svarar du inte lämnar du kön.`,
          },
          {
            kind: 'p',
            text:
              `Rankingen bygger på Elo-poäng. Alla börjar på ${num(n.eloStart)}. Vinner du får du poäng, förlorar du ` +
              `tappar du poäng. Hur många beror på vem du möter: att slå någon som ligger högre ger mer än att slå ` +
              `någon som ligger lägre, och även oavgjort mot en starkare spelare ger dig några poäng.`,
          },
          {
            kind: 'list',
            items: [
              `Två nya spelare på ${num(n.eloStart)}: vinnaren får ${num(n.eloEqualNewGain)} poäng och förloraren tappar ${num(n.eloEqualNewGain)}.`,
              `Längre fram på säsongen ger en vinst mot någon som ligger ${num(n.eloExampleGap)} poäng över dig ungefär ${num(n.eloUpsetGain)} poäng.`,
              `En vinst mot någon som ligger ${num(n.eloExampleGap)} poäng under dig ger bara ungefär ${num(n.eloFavouriteGain)}.`,
            ],
          },
          {
            kind: 'p',
            text:
              `Under dina första ${plural(n.eloKNewGames, 'match', 'matcher')} rör sig din ranking snabbare, så att ` +
              `du snabbt hittar rätt nivå. Sedan rör den sig långsammare. Rankinglistan sorteras efter Elo; vid lika ` +
              `poäng kommer den som har spelat flest matcher först och därefter den som registrerade sig först.`,
          },
        ],
      },
      {
        id: 'game-mode',
        title: 'Spelläge och inställningar',
        blocks: [
          {
            kind: 'p',
            text:
              'Ni spelar en onlinematch i säsongens fotbollsspel på PlayStation. På matchsidan ser du motståndarens ' +
              'gamertag. Lägg till varandra och spela en match i Online Friendlies (Kick-off) mellan er två. ' +
              'Bestäm i chatten vem som skickar inbjudan.',
          },
          {
            kind: 'list',
            items: [
              `Halvlekens längd: ${half}.`,
              'Spelhastighet: Normal.',
              'Legacy defending: av.',
              'Trupper: de senaste onlinetrupperna.',
              'Lag: valfritt klubb- eller landslag i spelet, oavsett vilket lag du angav när du registrerade dig. Inga redigerade lag.',
              'Formationer, egna taktiker och byten: fritt val.',
              'Oavgjort är oavgjort: ingen förlängning och inga straffar.',
            ],
          },
          {
            kind: 'p',
            text:
              'Pausa bara när bollen är ur spel och du har ett riktigt skäl. Det är inte tillåtet att utnyttja buggar ' +
              'eller glitchar i spelet.',
          },
          {
            kind: 'p',
            text:
              'Om anslutningen bryts skickar ni en ny inbjudan och spelar de återstående minuterna med samma lag. ' +
              'Lägg ihop målen från båda delarna. Går inte det, skriv till motståndaren i chatten och följ stegen ' +
              'under Uteblivna matcher och walkover.',
          },
        ],
      },
      {
        id: 'reporting',
        title: 'Rapportera resultatet',
        blocks: [
          {
            kind: 'p',
            text: `Resultatformuläret öppnas ${resultEntry} efter att matchen har startat.`,
          },
          {
            kind: 'p',
            text:
              `En av er skickar in resultatet: båda lagens mål, dina och motståndarens, som heltal från ${scores}. ` +
              `Det spelar ingen roll vem som gör det, men bara det första resultatet som skickas in räknas.`,
          },
          {
            kind: 'p',
            text:
              'Den andra spelaren verifierar sedan resultatet eller protesterar. Fram till dess ser den som skickade in ' +
              'resultatet att matchen är ”Overifierad”. Ett verifierat resultat är slutgiltigt: det uppdaterar ' +
              'rankingen, din statistik och troféjakten.',
          },
          {
            kind: 'p',
            text: `Svarar motståndaren inte inom ${escalation} går matchen till en moderator som en tvist.`,
          },
          {
            kind: 'p',
            text:
              'Rapportera bara det resultat som stod på skärmen när domaren blåste av. Att rapportera ett felaktigt ' +
              'resultat är fusk.',
          },
        ],
      },
      {
        id: 'conflicts',
        title: 'Tvister',
        blocks: [
          {
            kind: 'p',
            text:
              'Tycker du att det inskickade resultatet är fel trycker du på ”Protestera”. Då blir matchen en tvist, ' +
              'och en moderator avgör resultatet.',
          },
          {
            kind: 'p',
            text:
              'Så länge matchen är en tvist kan båda spelarna ladda upp bevis på matchsidan: en YouTube-länk till en ' +
              `video av matchen, eller en skärmdump eller ett foto (JPEG eller PNG, högst ${num(n.imageMaxMb)} MB). ` +
              'Moderatorerna läser också chatten från matchen.',
          },
          {
            kind: 'list',
            items: [
              'Bäst: ett foto eller en skärmdump av slutresultatet där resultatet och båda lagen syns.',
              'Bra: en video av matchen, eller åtminstone de sista minuterna, uppladdad på YouTube.',
              'Till hjälp: skärmdumpar som visar en inbjudan som ingen svarade på, eller ett meddelande från motståndaren.',
            ],
          },
          {
            kind: 'p',
            text:
              'Moderatorn bestämmer slutresultatet. Beslutet är slutgiltigt och räknas precis som vilket resultat som ' +
              'helst. Tips: ta ett foto av slutresultatet efter varje match. Det tar två sekunder och löser de flesta tvister.',
          },
          {
            kind: 'p',
            text:
              'Under ”Konflikter” i användarmenyn ser du dina tvister. Där står match-id, båda spelarna, datum och ' +
              'status: ”Konflikt” så länge tvisten är öppen och ”Löst” när en moderator har bestämt. Du kan fortsätta ' +
              'spela andra matcher medan en tvist pågår.',
          },
        ],
      },
      {
        id: 'forfeits',
        title: 'Uteblivna matcher och walkover',
        blocks: [
          {
            kind: 'p',
            text:
              'Om motståndaren inte dyker upp eller lämnar under matchen rapporterar du det med ”Motståndaren lämnade” ' +
              'på matchsidan. Ge motståndaren en ärlig chans först: skicka inbjudan, skriv i chatten och vänta några minuter.',
          },
          {
            kind: 'p',
            text:
              'Motståndaren kan bekräfta rapporten eller protestera. Bekräftar motståndaren får du vinsten. Protesterar ' +
              `motståndaren, eller svarar inte inom ${escalation}, går matchen till en moderator som en tvist.`,
          },
          {
            kind: 'p',
            text:
              'Att lämna en match med flit räknas som walkover. Om du verkligen måste sluta, säg det till ' +
              'motståndaren i chatten.',
          },
          {
            kind: 'p',
            text:
              `Ställ dig bara i kön när du är redo att spela. Om du tackar nej eller låter tiden gå ut ${penalty} ` +
              `kan du inte ställa dig i kön på ${cooldown}. Spelsidan visar när du kan ställa dig i kön igen.`,
          },
        ],
      },
      {
        id: 'fair-play',
        title: 'Fair play',
        blocks: [
          {
            kind: 'p',
            text: `${f.product} ska vara roligt för alla. Det betyder:`,
          },
          {
            kind: 'list',
            items: [
              'Var schysst i chatten och på forumet. Inga förolämpningar, hot, rasism, sexism eller mobbning.',
              'Inget fusk: inga falska resultat, inga modifierade konsoler eller program, inga avsiktliga frånkopplingar och inget utnyttjande av buggar.',
              'Spela dina egna matcher. Dela inte ditt konto och låt ingen annan spela åt dig.',
              'Ett konto per person. Extra konton stängs.',
              'Gör inte upp om resultat med andra spelare, till exempel genom att låta en kompis vinna.',
              'Registrera dig med ditt riktiga namn och födelsedatum. Priser går bara till den som äger kontot.',
            ],
          },
          {
            kind: 'p',
            text:
              'Den som bryter mot reglerna kan få en varning, få resultat strukna, förlora priser eller bli avstängd. ' +
              'En avstängd spelare kan inte logga in, skriva inlägg, chatta eller ställa sig i kön, och får se skälet.',
          },
          {
            kind: 'p',
            text:
              'Ser du någon fuska? Protestera mot matchen och ladda upp bevis. För allt annat kan du mejla oss på ' +
              'adressen i villkoren.',
          },
        ],
      },
      {
        id: 'trophy-hunt',
        title: 'Coca-Cola Troféjakt',
        blocks: [
          {
            kind: 'p',
            text:
              'Parallellt med kvalet pågår Coca-Cola Troféjakt, en sponsrad sidotävling som körs varje vecka. Du ' +
              'behöver inte anmäla dig: alla färdigspelade matcher räknas.',
          },
          {
            kind: 'p',
            text:
              `Varje vecka öppnas en pott med ${num(n.trophyPool)} troféer, i samma tidsfönster som kvalet. ` +
              'Potten fylls på igen när en ny vecka börjar.',
          },
          {
            kind: 'list',
            items: [
              'Vinn en match så tar du en trofé ur potten, så länge du inte redan har en och det finns troféer kvar.',
              `${secure} i rad säkrar trofén: då är den din för gott. Vinsten som gav dig trofén räknas som den första.`,
              'Förlorar du medan du har en trofé går den över till spelaren som slog dig.',
              'Oavgjort ändrar ingenting: du behåller trofén, men du behöver fortfarande en vinst till.',
              `En trofé är aktiv i ${trophyActive}. Har du inte säkrat den innan dess går den tillbaka till potten.`,
              'Du kan bara ha en osäkrad trofé åt gången.',
            ],
          },
          {
            kind: 'p',
            text:
              `De ${num(n.trophyWeeklyWinners)} första spelarna som säkrar en trofé under en vecka vinner ` +
              `${points(PRIZE_POINTS.trophyHuntWeekly)} var. Du kan vinna ett pris i troféjakten ` +
              `${times(n.trophyPrizesPerPlayer)} per turnering. Efter det räknas dina troféer fortfarande på ` +
              'topplistan, men priset går till nästa spelare.',
          },
          {
            kind: 'p',
            text:
              `Troféjakten avslutas den ${f.trophyHuntEnd}. På troféjaktsidan ser du hur många troféer som finns ` +
              'kvar, när potten fylls på, topplistan och, när du är inloggad, dina egna troféer.',
          },
        ],
      },
      {
        id: 'prizes',
        title: 'Priser',
        blocks: [
          {
            kind: 'list',
            items: prizes(),
          },
          {
            kind: 'p',
            text:
              `Spelare under ${n.adultAge} år behöver godkännande från en förälder eller vårdnadshavare innan de kan ` +
              'få ett pris. I villkoren står hur priserna delas ut.',
          },
        ],
      },
      {
        id: 'faq',
        title: 'Vanliga frågor',
        blocks: [
          {
            kind: 'qa',
            q: 'Vad händer om min motståndare inte dyker upp?',
            a:
              'Skicka inbjudan, skriv i chatten och vänta några minuter. Händer inget trycker du på ”Motståndaren ' +
              `lämnade” på matchsidan. Svarar motståndaren inte inom ${escalation} avgör en moderator matchen.`,
          },
          {
            kind: 'qa',
            q: 'Vad händer om internet går ner mitt i en match?',
            a:
              'Anslut igen, skicka en ny inbjudan och spela de återstående minuterna med samma lag. Rapportera sedan ' +
              'det sammanlagda resultatet och berätta i chatten vad som hände. Blir ni inte överens kan du protestera ' +
              'och låta en moderator avgöra.',
          },
          {
            kind: 'qa',
            q: 'Kan jag spela på Xbox?',
            a: 'Inte den här säsongen. Den är bara öppen för spelare på PlayStation.',
          },
          {
            kind: 'qa',
            q: 'Hur räknas rankingen ut?',
            a:
              `Med Elo-poäng. Du börjar på ${num(n.eloStart)}. En vinst ger poäng och en förlust kostar poäng: mer ` +
              'mot en starkare motståndare, mindre mot en svagare. Oavgjort flyttar dig en bit närmare motståndarens poäng.',
          },
          {
            kind: 'qa',
            q: 'Hur anmäler jag någon som fuskar?',
            a:
              'Hände det i din match protesterar du mot resultatet och laddar upp bevis. Gäller det något annat, ' +
              'mejla supporten med användarnamnet, match-id och vad som hände.',
          },
          {
            kind: 'qa',
            q: 'Vad räknas som bevis?',
            a:
              'En YouTube-länk till en video av matchen, eller en skärmdump eller ett foto av slutresultatet (JPEG ' +
              'eller PNG). Se till att resultatet och båda lagen syns.',
          },
          {
            kind: 'qa',
            q: 'Kan jag byta gamertag?',
            a:
              'Ja, under ”Inställningar”, i delen om konsol och gamertag. Använd det PSN-id som du faktiskt spelar med, ' +
              'annars hittar motståndarna dig inte. Användarnamnet går däremot inte att ändra.',
          },
          {
            kind: 'qa',
            q: `Jag är under ${n.adultAge}. Vad behöver min förälder göra?`,
            a:
              'När du registrerar dig anger du e-postadressen till en förälder eller vårdnadshavare. Din förälder får ' +
              'ett mejl med en bekräftelselänk. Tills din förälder har klickat på länken kan du spela och skriva ' +
              'inlägg, men du kan inte få något pris.',
          },
          {
            kind: 'qa',
            q: 'När öppnar kön?',
            a: queueOpens(f.window, f.qualifiersStart, f.qualifiersEnd),
          },
          {
            kind: 'qa',
            q: 'Varför kan jag inte ställa mig i kön?',
            a:
              `Fönstret kan vara stängt, du kan ha spelat ${plural(f.maxGamesPerWeek, 'match', 'matcher')} den här ` +
              'veckan, du kan ha en match kvar att rapportera eller så har du tackat nej till för många matcher. ' +
              'Spelsidan visar vad det beror på.',
          },
          {
            kind: 'qa',
            q: 'Hur funkar priserna i troféjakten?',
            a:
              `Säkra en trofé med ${secure} i rad. De ${num(n.trophyWeeklyWinners)} första spelarna som säkrar en ` +
              `trofé varje vecka vinner ${points(PRIZE_POINTS.trophyHuntWeekly)}. Varje spelare kan vinna det ` +
              `priset ${times(n.trophyPrizesPerPlayer)} per turnering.`,
          },
          {
            kind: 'qa',
            q: 'Varför kan jag inte rapportera resultatet direkt?',
            a:
              `Formuläret öppnas ${resultEntry} efter att matchen har startat, ungefär så lång tid som två ` +
              `halvlekar på ${half} tar.`,
          },
          {
            kind: 'qa',
            q: 'Räknas oavgjort?',
            a: 'Ja. Det räknas som oavgjort i din statistik och i rankingen. I troféjakten ändrar oavgjort ingenting.',
          },
          {
            kind: 'qa',
            q: 'Syns mitt namn för andra?',
            a:
              'Ja. Rankingen visar ditt användarnamn, för- och efternamn, lag, gamertag och statistik. Din ' +
              'e-postadress och ditt födelsedatum visas aldrig.',
          },
          {
            kind: 'qa',
            q: 'Jag har glömt mitt lösenord. Vad gör jag?',
            a: 'Använd ”Glömt lösenordet?” i inloggningsrutan. Vi mejlar dig en länk där du väljer ett nytt.',
          },
        ],
      },
    ],
  };
}
