import type { HistoryEntry } from '@behavio/contract';
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { formatPriority, formatShortDate } from '@/lib/display-rules';

const HEIGHT = 150;
/** Room for the axis labels: the scores at the left, the dates below. */
const PAD = { left: 28, right: 12, top: 10, bottom: 24 };
/** Drawn before the first measure (and in tests, which have no layout). */
const FALLBACK_WIDTH = 600;
const SCALE_MAX = 10;
const GRID = [0, 5, 10];

/** "From 4.10 on Nov 1, 2026 to 7.80 on Nov 26, 2026 (3 records)." */
export function priorityTrendText(oldestFirst: readonly HistoryEntry[]): string {
  const first = oldestFirst[0];
  const last = oldestFirst.at(-1);
  if (!first || !last) return 'No records yet.';
  const at = (entry: HistoryEntry) =>
    `${formatPriority(entry.priority_score)} on ${formatShortDate(entry.recorded_at)}`;
  if (oldestFirst.length === 1) return `${at(first)} (1 record).`;
  return `From ${at(first)} to ${at(last)} (${oldestFirst.length} records).`;
}

/**
 * The priority score of each recorded insight, oldest at the left, on the 0-10 scale: a small
 * SVG line, named for screen readers by the trend it draws (the list beside it has every value).
 */
export function PriorityChart({ history }: { history: readonly HistoryEntry[] }) {
  const { ref, width: measured } = useElementSize();
  const width = measured > 0 ? measured : FALLBACK_WIDTH;
  const oldestFirst = [...history].reverse();
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left +
    (oldestFirst.length === 1 ? plotWidth / 2 : (index / (oldestFirst.length - 1)) * plotWidth);
  const y = (score: number) =>
    PAD.top + plotHeight - (Math.min(Math.max(score, 0), SCALE_MAX) / SCALE_MAX) * plotHeight;
  const points = oldestFirst.map((entry, index) => ({
    entry,
    cx: x(index),
    cy: y(entry.priority_score),
  }));
  const first = oldestFirst[0];
  const last = oldestFirst.at(-1);

  return (
    <Box ref={ref} w="100%">
      <svg
        width="100%"
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-labelledby="priority-chart-title priority-chart-desc"
        style={{ display: 'block', overflow: 'visible' }}
      >
        <title id="priority-chart-title">Priority over time</title>
        <desc id="priority-chart-desc">{priorityTrendText(oldestFirst)}</desc>
        {GRID.map((value) => (
          <g key={value}>
            <line
              x1={PAD.left}
              x2={width - PAD.right}
              y1={y(value)}
              y2={y(value)}
              stroke="var(--mantine-color-gray-3)"
              strokeDasharray={value === 0 ? undefined : '3 3'}
            />
            <text
              x={PAD.left - 6}
              y={y(value)}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize={11}
              fill="var(--mantine-color-gray-7)"
            >
              {value}
            </text>
          </g>
        ))}
        {points.length > 1 ? (
          <polyline
            points={points.map((point) => `${point.cx},${point.cy}`).join(' ')}
            fill="none"
            stroke="var(--mantine-color-brand-6)"
            strokeWidth={2}
            strokeLinejoin="round"
          />
        ) : null}
        {points.map((point) => (
          <circle
            key={point.entry.recorded_at}
            cx={point.cx}
            cy={point.cy}
            r={4}
            fill="white"
            stroke="var(--mantine-color-brand-7)"
            strokeWidth={2}
          >
            <title>
              {`${formatPriority(point.entry.priority_score)} on ${formatShortDate(point.entry.recorded_at)}`}
            </title>
          </circle>
        ))}
        {first ? (
          <text
            x={PAD.left}
            y={HEIGHT - 6}
            fontSize={11}
            fill="var(--mantine-color-gray-7)"
            textAnchor={points.length === 1 ? 'middle' : 'start'}
            dx={points.length === 1 ? plotWidth / 2 : 0}
          >
            {formatShortDate(first.recorded_at)}
          </text>
        ) : null}
        {last && points.length > 1 ? (
          <text
            x={width - PAD.right}
            y={HEIGHT - 6}
            fontSize={11}
            fill="var(--mantine-color-gray-7)"
            textAnchor="end"
          >
            {formatShortDate(last.recorded_at)}
          </text>
        ) : null}
      </svg>
    </Box>
  );
}
