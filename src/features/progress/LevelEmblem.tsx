// The level image: an emblem whose shape is the rank (Hook a shield, Commitment a hexagon,
// Prestige a star), whose colour is the level's section, with a gold ring on milestones.
import { isMilestone, rankOf, sectionColor } from './progressLogic';

const SHAPES = {
  Hook: 'M50 6 L88 20 L84 62 Q78 84 50 96 Q22 84 16 62 L12 20 Z',
  Commitment: 'M50 4 L90 27 L90 73 L50 96 L10 73 L10 27 Z',
  Prestige: 'M50 3 L61 34 L95 36 L68 57 L78 92 L50 72 L22 92 L32 57 L5 36 L39 34 Z',
} as const;

export function LevelEmblem({ level, size = 96, title }: { level: number; size?: number; title?: string }) {
  const color = sectionColor(level);
  const milestone = isMilestone(level);
  const shape = SHAPES[rankOf(level)];
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" role={title ? 'img' : undefined} aria-label={title} aria-hidden={title ? undefined : true}
      data-testid="level-emblem" data-level={level}>
      <defs>
        <linearGradient id={`emblem-${level}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={color} stopOpacity="0.95" />
          <stop offset="1" stopColor={color} stopOpacity="0.45" />
        </linearGradient>
      </defs>
      {milestone && <circle cx="50" cy="50" r="48" fill="none" stroke="#fcc419" strokeWidth="3" strokeDasharray="6 4" />}
      <path d={shape} fill={`url(#emblem-${level})`} stroke={color} strokeWidth="2.5" strokeLinejoin="round" />
      <text x="50" y={rankOf(level) === 'Prestige' ? 62 : 60} textAnchor="middle" fontSize={level >= 10 ? 30 : 34} fontWeight="800"
        fill="#0b0c10" fontFamily="Inter, system-ui, sans-serif">{level}</text>
    </svg>
  );
}
