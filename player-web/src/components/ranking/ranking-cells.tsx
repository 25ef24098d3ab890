import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CONSOLE_PLAYSTATION, fullNameOf, type RankingEntry } from '@ecup/domain';
import { colourFor, initialsOf } from '../avatar-colour.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { imageUrl } from '../../lib/images.ts';
import { copyText } from '../../lib/copy-text.ts';
import classes from './ranking.module.css';
// The ranking's words load with the component (i18n/catalogue.ts).
import './i18n.ts';

/*
 * The cells of a ranking row or card. Lists draw dozens of them, so they are plain elements styled by
 * ranking.module.css (the theme's colours through its CSS variables) rather than MUI components with `sx`.
 */

/** The paths of MUI's Check, ContentCopy and EmojiEvents icons (@mui/icons-material), drawn without SvgIcon. */
const CHECK = 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z';
const COPY =
  'M16 1H4c-1.1 0-2 .9-2 2v14h2V3h12zm3 4H8c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h11c1.1 0 2-.9 2-2V7c0-1.1-.9-2-2-2m0 16H8V7h11z';
const TROPHY =
  'M19 5h-2V3H7v2H5c-1.1 0-2 .9-2 2v1c0 2.55 1.92 4.63 4.39 4.94.63 1.5 1.98 2.63 3.61 2.96V19H7v2h10v-2h-4v-3.1c1.63-.33 2.98-1.46 3.61-2.96C19.08 12.63 21 10.55 21 8V7c0-1.1-.9-2-2-2M5 8V7h2v3.82C5.84 10.4 5 9.3 5 8m14 0c0 1.3-.84 2.4-2 2.82V7h2z';

function Icon({ path, className }: { path: string; className?: string }) {
  return (
    <svg
      className={className ? `${classes.icon} ${className}` : classes.icon}
      viewBox="0 0 24 24"
      aria-hidden
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}

/** Joins class names, leaving out the false ones. */
function cx(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/** The medal class of the podium places; the number is always written too, so colour is never the only cue. */
const PODIUM = [classes.gold, classes.silver, classes.bronze];

/** Text for screen readers only. */
export function VisuallyHidden({ children }: { children: string }) {
  return <span className={classes.visuallyHidden}>{children}</span>;
}

/** The place in the list, as a badge; the top three get medal colours. No place (null) shows a dash, no medal. */
export function RankBadge({ rank }: { rank: number | null }) {
  const { t } = useI18n();
  if (rank === null) {
    return (
      <span className={cx(classes.rank, classes.unranked)} data-unranked>
        <span aria-hidden>–</span>
        <VisuallyHidden>{t('ranking.unranked')}</VisuallyHidden>
      </span>
    );
  }
  return (
    <span className={cx(classes.rank, PODIUM[rank - 1], rank > 999 && classes.rankLong)} data-rank={rank}>
      <span aria-hidden>{rank}</span>
      <VisuallyHidden>{t('ranking.rankOf', { rank })}</VisuallyHidden>
    </span>
  );
}

/**
 * The player's avatar (photo, or initials on the colour of the username) with a presence dot: a filled green dot
 * when online, a hollow ring when offline (shape as well as colour), and the word for screen readers next to the
 * name. The username is written next to it, so the picture is decorative.
 */
export function PlayerAvatar({
  entry,
  size = 40,
}: {
  entry: Pick<RankingEntry, 'username' | 'avatar_hash' | 'online'>;
  size?: number;
}) {
  const { t } = useI18n();
  const [failed, setFailed] = useState(false);
  const dot = Math.max(10, Math.round(size * 0.3));
  // Phones draw at 2× or more: the 64 px image only up to 32 CSS pixels.
  const photo =
    entry.avatar_hash && !failed ? imageUrl(size <= 32 ? 'avatar_small' : 'avatar_medium', entry.avatar_hash) : null;
  return (
    <div className={classes.avatarBox} style={{ width: size, height: size }}>
      <span
        className={classes.avatar}
        aria-hidden
        style={{ backgroundColor: colourFor(entry.username), fontSize: size * 0.4 }}
      >
        {photo ? (
          <img src={photo} alt="" width={size} height={size} loading="lazy" onError={() => setFailed(true)} />
        ) : (
          initialsOf(entry.username)
        )}
      </span>
      {/* A native hint for the mouse: MUI's Tooltip would put its popper in every page with a ranking. */}
      <span
        aria-hidden
        title={entry.online ? t('ranking.online') : t('ranking.offline')}
        className={cx(classes.presence, entry.online && classes.online)}
        style={{ width: dot, height: dot }}
      />
    </div>
  );
}

/** The small badge after the signed-in player's own name in a list ("You"). */
export function YouBadge({ label }: { label: string }) {
  return <span className={classes.you}>{label}</span>;
}

/** Username (with the presence word for screen readers), full name below; "You" for the signed-in player. */
export function PlayerName({ entry, isYou }: { entry: RankingEntry; isYou: boolean }) {
  const { t } = useI18n();
  const fullName = fullNameOf(entry);
  return (
    <div className={classes.name}>
      <span className={classes.username}>
        <Link to={`/player/${encodeURIComponent(entry.username)}`} className={classes.profileLink}>
          {entry.username}
        </Link>
        {isYou && <YouBadge label={t('ranking.you')} />}
        <VisuallyHidden>{`, ${entry.online ? t('ranking.online') : t('ranking.offline')}`}</VisuallyHidden>
      </span>
      {fullName !== '' && <span className={classes.fullName}>{fullName}</span>}
    </div>
  );
}

/** The IRL team: its photo when there is one (decorative, the name is written) and its name. */
export function TeamName({ team }: { team: RankingEntry['team'] }) {
  const { t } = useI18n();
  // A minor's club is not shown to others (docs/rules.md "What others see of a player").
  if (team === null) return <span className={classes.noTeam}>–</span>;
  if (team.name.trim() === '') return <span className={classes.noTeam}>{t('ranking.noTeam')}</span>;
  return (
    <span className={classes.team}>
      {team.avatar_hash && (
        <img src={imageUrl('team', team.avatar_hash)} alt="" loading="lazy" width={24} height={24} />
      )}
      <span>{team.name}</span>
    </span>
  );
}

/** A small console label: "PS" (PlayStation) or "Xbox". */
function ConsoleLabel({ console }: { console: RankingEntry['console'] }) {
  const { t } = useI18n();
  const playstation = console === CONSOLE_PLAYSTATION;
  return (
    <span
      className={classes.console}
      title={playstation ? t('ranking.console.playstation') : t('ranking.console.xbox')}
    >
      {playstation ? (
        <>
          <span aria-hidden>{t('ranking.console.playstationShort')}</span>
          <VisuallyHidden>{t('ranking.console.playstation')}</VisuallyHidden>
        </>
      ) : (
        t('ranking.console.xbox')
      )}
    </span>
  );
}

/**
 * Gamer tag with its console (when known) and a copy button (ui-brief: players type it on the console).
 */
export function GamerTag({
  entry,
  announce,
}: {
  entry: Pick<RankingEntry, 'gamer_tag'> & { console?: RankingEntry['console'] };
  announce(text: string): void;
}) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const tag = entry.gamer_tag;
  if (tag === null || tag === '') return null;
  const copy = async () => {
    const ok = await copyText(tag);
    setCopied(ok);
    announce(ok ? t('ranking.copied', { tag }) : t('ranking.copyFailed'));
  };
  const label = copied ? t('ranking.copied', { tag }) : t('ranking.copy', { tag });
  return (
    <span className={classes.gamerTag}>
      {entry.console !== undefined && <ConsoleLabel console={entry.console} />}
      <span className={classes.tag}>{tag}</span>
      <button
        type="button"
        className={cx(classes.copy, copied && classes.copied)}
        aria-label={label}
        title={label}
        onClick={() => void copy()}
      >
        <Icon path={copied ? CHECK : COPY} />
      </button>
    </span>
  );
}

/** Secured trophies in gold. */
export function TrophyCount({ count }: { count: number }) {
  return (
    <span className={classes.trophies}>
      <Icon path={TROPHY} className={count > 0 ? classes.won : undefined} />
      {count}
    </span>
  );
}

/** An abbreviation that sighted users see and hover, and screen readers hear in full. */
export function Abbr({ short, long }: { short: string; long: string }) {
  return (
    <>
      <abbr className={classes.abbr} title={long} aria-hidden>
        {short}
      </abbr>
      <VisuallyHidden>{long}</VisuallyHidden>
    </>
  );
}
