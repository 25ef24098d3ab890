/** The /terms page in Swedish (docs/product.md#screens-and-routes "Terms cover…", docs/product.md#constants terms; docs/decisions.md#permissions, docs/decisions.md#content-and-uploads). */
import { RULE_NUMBERS as n, SUPPORT_EMAIL, type LegalDocument, type SeasonFacts } from './content-types.ts';
import { SV } from './wording.ts';

const { num, plural, times, prizes, playOpen } = SV;

export function terms(f: SeasonFacts): LegalDocument {
  const organisers = `${f.product}-arrangörerna`;
  const finals = f.finals ? `den ${f.finals}` : 'ett datum som meddelas i nyheterna';

  return {
    title: `Villkor för ${f.product}`,
    intro:
      `De här villkoren gäller alla som deltar i ${f.seasonName}. När du skapar ett konto godkänner du dem och ` +
      `reglerna. Är du under ${n.adultAge} år, läs dem gärna tillsammans med en förälder eller vårdnadshavare.`,
    sections: [
      {
        id: 'eligibility',
        title: 'Vem kan vara med',
        blocks: [
          {
            kind: 'list',
            items: [
              `Du måste vara äldre än ${n.minAge} år.`,
              `Spelare under ${n.adultAge} år behöver godkännande från en förälder eller vårdnadshavare innan de kan få ett pris.`,
              'Ett konto per person. Kontot är personligt: du får inte dela det, sälja det eller ge det till någon annan.',
              'Den här säsongen är bara öppen för spelare på PlayStation.',
            ],
          },
          {
            kind: 'p',
            text:
              `Är du under ${n.adultAge} år anger du e-postadressen till en förälder eller vårdnadshavare när du ` +
              'registrerar dig. Vi skickar ett bekräftelsemejl med en länk till den adressen. Tills din förälder har ' +
              'bekräftat kan du spela och skriva inlägg, men du kan inte få något pris.',
          },
          {
            kind: 'p',
            text:
              'Uppgifterna du lämnar måste vara sanna, även namn och födelsedatum. Innan vi delar ut ett pris kan vi ' +
              'be dig visa att du är den du säger att du är och att du är gammal nog.',
          },
        ],
      },
      {
        id: 'competition',
        title: 'Tävlingen',
        blocks: [
          {
            kind: 'list',
            items: [
              `Kvalet pågår från ${f.qualifiersStart} till ${f.qualifiersEnd}.`,
              playOpen(f.window),
              `Varje spelare kan spela högst ${plural(f.maxGamesPerWeek, 'match', 'matcher')} per vecka.`,
              `När kvalet är slut går de ${num(n.finalsWinners)} bästa spelarna i rankingen vidare till finalspelet ${finals}.`,
              `Finalisterna måste tacka ja till sin plats inom ${plural(n.finalistAcceptHours, 'timme', 'timmar')} ` +
                'från vårt mejl. Annars går platsen till nästa spelare i rankingen.',
            ],
          },
          {
            kind: 'p',
            text:
              'Reglerna beskriver hur matcherna spelas, rapporteras och avgörs, och de är en del av villkoren. ' +
              'Moderatorns beslut i en tvist är slutgiltigt.',
          },
          {
            kind: 'p',
            text:
              'Om något utanför vår kontroll gör rättvist spel omöjligt, till exempel ett allvarligt tekniskt fel ' +
              'eller fusk i stor skala, kan vi pausa tävlingen, ogiltigförklara eller spela om matcher eller flytta ' +
              'datum. Sådana ändringar meddelar vi i nyheterna.',
          },
        ],
      },
      {
        id: 'prizes',
        title: 'Priser',
        blocks: [
          {
            kind: 'list',
            items: [
              ...prizes(),
              `Varje spelare kan vinna ett pris i troféjakten ${times(n.trophyPrizesPerPlayer)} per turnering.`,
            ],
          },
          {
            kind: 'p',
            text: `Ett enskilt pris är värt högst ${num(n.prizeValueMaxSek)} kronor.`,
          },
          {
            kind: 'p',
            text:
              'Vi kontaktar vinnarna via mejl, till adressen på kontot. Vinnare i troféjakten har ' +
              `${plural(n.trophyDetailsDays, 'dag', 'dagar')} på sig att lämna de uppgifter vi behöver för att ` +
              'skicka priset. Hör du inte av dig i tid kan priset gå vidare till nästa spelare på tur.',
          },
          {
            kind: 'p',
            text:
              `Priserna levereras inom ${plural(n.prizeDeliveryWeeks, 'vecka', 'veckor')} från att vi har fått dina ` +
              `uppgifter och, för spelare under ${n.adultAge} år, godkännandet från en förälder eller vårdnadshavare.`,
          },
          {
            kind: 'p',
            text:
              'Priserna är personliga. De kan inte bytas mot pengar eller lämnas över till någon annan. Eventuell ' +
              'skatt på ett pris följer lagen i vinnarens land; om vinnaren ska betala skatten är det vinnarens ansvar.',
          },
        ],
      },
      {
        id: 'privacy',
        title: 'Dina uppgifter och din integritet',
        blocks: [
          {
            kind: 'p',
            text: 'Vi samlar bara in det vi behöver för att driva turneringen. Det här sparar vi:',
          },
          {
            kind: 'list',
            items: [
              'Kontouppgifter: användarnamn, för- och efternamn, e-postadress och lösenord. Lösenordet sparas i en form som ingen kan läsa, inte ens vi.',
              'Ditt födelsedatum och land, för att kontrollera din ålder och se var våra spelare kommer ifrån.',
              `För spelare under ${n.adultAge} år: e-postadressen till en förälder eller vårdnadshavare.`,
              'Din konsol, gamertag, dina lag och bilderna du laddar upp.',
              'Dina matcher: resultat, statistik, ranking, troféer, chattmeddelanden och bevis.',
              'Dina inlägg på forumet.',
              'IP-adresser, av säkerhetsskäl: för att begränsa inloggningsförsök, stoppa missbruk och upprätthålla avstängningar.',
            ],
          },
          {
            kind: 'p',
            text:
              'Vi använder uppgifterna för att sköta matchmakingen och rankingen, lösa tvister, hålla tjänsten säker, ' +
              'kontakta finalister och vinnare och leverera priser. Moderatorer ser bara det de behöver för sitt ' +
              'arbete, och allt som administratörer gör loggas.',
          },
          {
            kind: 'p',
            text:
              'Det här kan andra se: ditt användarnamn, för- och efternamn, lag, gamertag och statistik i rankingen, ' +
              'samt din profilbild och dina foruminlägg. Din e-postadress, ditt födelsedatum och din IP-adress visas aldrig.',
          },
          {
            kind: 'p',
            text:
              `Spelare under ${n.adultAge} år: bara ditt användarnamn, din profilbild, ditt land, din ranking, dina ` +
              'resultat och troféer är offentliga. Ditt för- och efternamn, din klubb och din gamertag är det inte: ' +
              'bara vår personal ser dem, och din motståndare i en match ser din gamertag så att ni kan spela. Din ' +
              'profilsida hålls borta från sökmotorer, och bara inloggade spelare ser om du är online. Vuxna kan dölja ' +
              'sitt för- och efternamn i inställningarna.',
          },
          {
            kind: 'p',
            text:
              'Alla bilder du laddar upp kodas om hos oss. Då försvinner dold information i filen, till exempel var ' +
              'ett foto togs.',
          },
          {
            kind: 'p',
            text:
              'Du kan be om en kopia av dina uppgifter, eller be oss radera dem, genom att mejla oss. När vi raderar ett ' +
              'konto anonymiserar vi det: ditt namn och dina uppgifter tas bort, men dina matcher finns kvar i ' +
              'motståndarnas historik utan ditt namn, så att deras resultat fortfarande stämmer.',
          },
          {
            kind: 'p',
            text:
              'Vi sparar dina uppgifter så länge du har ett konto, och raderar eller anonymiserar dem när du ber oss ' +
              'om det. Säkerhetsuppgifter som IP-adresser sparas bara så länge de behövs för att skydda tjänsten.',
          },
          {
            kind: 'p',
            text:
              'Vi mejlar dig bara om sådant som gäller ditt konto: återställning av lösenord, bekräftelse från en ' +
              `förälder eller vårdnadshavare, finalspelet och priser. Vi skickar aldrig reklam till spelare under ` +
              `${n.adultAge} år, och vi säljer aldrig dina uppgifter eller lämnar ut dem för marknadsföring.`,
          },
        ],
      },
      {
        id: 'conduct',
        title: 'Uppförande',
        blocks: [
          {
            kind: 'p',
            text:
              'Följ reglerna, även dem om fair play, och var schysst mot andra spelare och mot moderatorerna. Det du ' +
              'lägger upp, oavsett om det är chatt, foruminlägg, bilder eller bevis, måste vara ditt eget, lagligt ' +
              'och inte kränkande. Vi kan ta bort allt som bryter mot villkoren.',
          },
          {
            kind: 'p',
            text:
              'Bryter du mot reglerna eller villkoren kan vi stryka resultat, hålla inne eller ta tillbaka priser, ' +
              'eller stänga av ditt konto tillfälligt eller för gott. I allvarliga fall kan vi spärra registrering ' +
              'och inloggning från ditt nätverk.',
          },
        ],
      },
      {
        id: 'contact',
        title: 'Kontakt',
        blocks: [
          {
            kind: 'p',
            text: `${f.seasonName} drivs av ${organisers}.`,
          },
          {
            kind: 'p',
            text:
              'Har du frågor, vill du få ut eller radera dina uppgifter, eller vill du anmäla något eller klaga? ' +
              `Mejla ${SUPPORT_EMAIL}. Skriv gärna ditt användarnamn och, om det gäller en match, match-id. ` +
              'Föräldrar och vårdnadshavare är också välkomna att höra av sig.',
          },
        ],
      },
      {
        id: 'changes',
        title: 'Ändringar i villkoren',
        blocks: [
          {
            kind: 'p',
            text:
              'Vi kan uppdatera villkoren och reglerna, till exempel för att rätta ett fel eller inför en ny säsong. ' +
              'Viktiga ändringar meddelar vi i nyheterna, och via mejl när de påverkar priser eller dina uppgifter.',
          },
          {
            kind: 'p',
            text:
              'En ändring tar aldrig ifrån dig ett pris som du redan har vunnit. Om du inte godtar en ändring kan du ' +
              'sluta spela och be oss radera ditt konto.',
          },
        ],
      },
    ],
  };
}
