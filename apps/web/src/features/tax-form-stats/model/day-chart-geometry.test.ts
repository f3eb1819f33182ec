import { describe, expect, it } from 'vitest';
import { dayChartGeometry } from './day-chart-geometry';

const frame = { width: 440, height: 260, left: 40, bottom: 24 };
const days = (values: number[]) => values.map((value, i) => ({ label: `${i + 1}.11`, value }));

describe('dayChartGeometry', () => {
  it('runs the value axis from 0 to a round value above the highest, its lines at round steps', () => {
    const geometry = dayChartGeometry(days([3, 17, 9]), frame);
    expect(geometry.gridLines.map((line) => line.value)).toEqual([0, 5, 10, 15, 20]);
    // 0 at the bottom of the plot (260 − 24), the top line at the top of it.
    expect(geometry.gridLines[0]!.y).toBe(236);
    expect(geometry.gridLines.at(-1)!.y).toBe(geometry.top);
  });

  it('draws a bar per day, as high as its value, centred in its share of the width', () => {
    const geometry = dayChartGeometry(days([0, 10, 20]), frame);
    expect(geometry.days.map((day) => day.x)).toEqual([104, 232, 360]);
    expect(geometry.right).toBe(424);
    const [empty, half, full] = geometry.bars;
    expect(empty!.height).toBe(0);
    expect(full!.y).toBe(geometry.top);
    expect(half!.height).toBeCloseTo(full!.height / 2, 0);
    expect(full!.width).toBe(89.6);
  });

  it('traces the line through each value and closes the area on the axis', () => {
    const geometry = dayChartGeometry(days([0, 20]), frame);
    expect(geometry.line).toBe('M136,236L328,8');
    expect(geometry.area).toBe('M136,236L328,8L328,236L136,236Z');
  });

  it('labels as many days as fit, always the latest', () => {
    const month = dayChartGeometry(days(Array.from({ length: 30 }, () => 1)), frame);
    const labelled = month.days.flatMap((day, i) => (day.labelled ? [i] : []));
    expect(labelled.at(-1)).toBe(29);
    expect(labelled.length).toBeLessThanOrEqual(Math.floor(384 / 48) + 1);
    expect(labelled[1]! - labelled[0]!).toBe(4);
    expect(dayChartGeometry(days([1, 2]), frame).days.every((day) => day.labelled)).toBe(true);
  });

  it('keeps counts on whole numbers, and an axis for a chart of zeros', () => {
    const few = dayChartGeometry(days([1, 2]), frame, { wholeNumbers: true });
    expect(few.gridLines.map((line) => line.value)).toEqual([0, 1, 2]);
    const none = dayChartGeometry(days([0, 0]), frame, { wholeNumbers: true });
    expect(none.gridLines.map((line) => line.value)).toEqual([0, 1]);
    expect(none.bars.every((bar) => bar.height === 0)).toBe(true);
    expect(dayChartGeometry([], frame).line).toBe('');
  });
});
