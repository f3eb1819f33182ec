import { nice, ticks } from 'd3-array';

/** The space around the plot: the value axis's labels on the left, the days below. */
export type ChartFrame = { width: number; height: number; left: number; bottom: number };

export type DayValue = { label: string; value: number };

/** Where a chart's values are drawn, in the SVG's pixels. */
export type DayChartGeometry = {
  /** The value axis's lines, each with its value (0 first). */
  gridLines: { value: number; y: number }[];
  /** The centre of each day's place along the bottom, and whether its label is written. */
  days: { x: number; labelled: boolean }[];
  /** A bar per day, from the value to the axis. */
  bars: { x: number; y: number; width: number; height: number }[];
  /** The line through each day's value, and the area under it (SVG path data). */
  line: string;
  area: string;
  /** The top of the plot, where the highest line is drawn, and its right end. */
  top: number;
  right: number;
};

const TOP = 8;
/** Room right of the plot, for half of the latest day's label. */
const RIGHT = 16;
const TICK_COUNT = 5;
/** The narrowest room a day's label takes, in pixels: more days than fit are labelled in turns. */
const LABEL_ROOM = 48;
/** The share of a day's place a bar fills. */
const BAR_SHARE = 0.7;

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The geometry of a chart of one value per day in `frame`: the value axis starts at 0 and ends at
 * a round value above the highest (d3-array's `nice`), with its lines at round steps between; the
 * days share the width, labelled as often as their labels fit. A chart of nothing but zeros still
 * has an axis from 0 to 1. Counts (`wholeNumbers`) have lines at whole numbers only.
 */
export function dayChartGeometry(
  points: readonly DayValue[],
  frame: ChartFrame,
  { wholeNumbers = false }: { wholeNumbers?: boolean } = {},
): DayChartGeometry {
  const plotWidth = Math.max(frame.width - frame.left - RIGHT, 1);
  const plotHeight = Math.max(frame.height - frame.bottom - TOP, 1);
  const highest = Math.max(0, ...points.map((point) => point.value));
  const [, top] = nice(0, highest > 0 ? highest : 1, TICK_COUNT);
  const yOf = (value: number) => round(TOP + plotHeight - (value / top) * plotHeight);
  const step = plotWidth / Math.max(points.length, 1);
  const every = Math.max(1, Math.ceil(LABEL_ROOM / step));
  const days = points.map((_, index) => ({
    x: round(frame.left + step * (index + 0.5)),
    // The last day is always labelled: the latest is the one most looked for.
    labelled: (points.length - 1 - index) % every === 0,
  }));
  const barWidth = round(step * BAR_SHARE);
  const bars = points.map((point, index) => {
    const y = yOf(point.value);
    return {
      x: round(days[index]!.x - barWidth / 2),
      y,
      width: barWidth,
      height: round(yOf(0) - y),
    };
  });
  const vertices = points.map((point, index) => `${days[index]!.x},${yOf(point.value)}`);
  const line = vertices.length > 0 ? `M${vertices.join('L')}` : '';
  const area =
    vertices.length > 0
      ? `${line}L${days[days.length - 1]!.x},${yOf(0)}L${days[0]!.x},${yOf(0)}Z`
      : '';
  return {
    gridLines: ticks(0, top, TICK_COUNT)
      .filter((value) => !wholeNumbers || Number.isInteger(value))
      .map((value) => ({ value, y: yOf(value) })),
    days,
    bars,
    line,
    area,
    top: TOP,
    right: frame.left + plotWidth,
  };
}
