/** One bucket of the clicks chart. */
export interface ChartPoint {
  t: string;
  clicks: number;
  uniqueVisitors: number;
}
