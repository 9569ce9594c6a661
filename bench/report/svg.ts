/**
 * Small, dependency-free SVG charts for docs/benchmarks.md: a line chart
 * (numeric or log x, median points with p25–p75 bars) and a grouped bar
 * chart. Plain SVG 1.1 with inline styles, so GitHub and any browser render
 * it the same; colours readable on light and dark backgrounds.
 */
import type { BarChart, LineChart } from "../lib/charts";

const W = 720;
/** Height of the plotting area; the image grows below it for slanted category labels. */
const PLOT_H = 260;
const M = { top: 64, right: 24, left: 72 };
/** Below the plot: the x tick labels and the axis title. */
const AXIS_H = 60;
const PALETTE = ["#2563eb", "#dc2626", "#16a34a", "#d97706", "#7c3aed", "#0891b2"];
const FONT = 'font-family="system-ui, -apple-system, Segoe UI, sans-serif"';

function esc(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** A short label for an axis value: 1.5k, 20k, 0.25, 1,200 → 1.2k. */
function tickLabel(v: number): string {
  const a = Math.abs(v);
  if (a >= 1e6) return `${+(v / 1e6).toFixed(1)}M`;
  if (a >= 1e3) return `${+(v / 1e3).toFixed(1)}k`;
  if (a >= 10 || a === 0) return `${Math.round(v)}`;
  return `${+v.toPrecision(2)}`;
}

interface Scale {
  map(v: number): number;
  ticks: number[];
}

/** Linear scale with ~5 round ticks, from 0 unless `fromZero` is false (an x axis of sizes). */
function linear(lo: number, hi: number, from: number, to: number, fromZero = true): Scale {
  const min = fromZero ? Math.min(0, lo) : lo;
  const span = hi - min || 1;
  const raw = span / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => span / s <= 6) ?? raw;
  const top = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let t = Math.floor(min / step) * step; t <= top + step / 2; t += step)
    ticks.push(+t.toPrecision(12));
  const lo2 = ticks[0] ?? min;
  const hi2 = ticks[ticks.length - 1] ?? top;
  return { ticks, map: (v) => from + ((v - lo2) / (hi2 - lo2 || 1)) * (to - from) };
}

/**
 * Log10 scale. `wholeDecades` widens the range to powers of ten (a y axis);
 * otherwise it spans exactly lo..hi (an x axis of sizes). Ticks at 1-2-5
 * steps when the range is under three decades, at powers of ten beyond.
 */
function log(lo: number, hi: number, from: number, to: number, wholeDecades = true): Scale {
  const la = Math.log10(Math.max(lo, 1e-9));
  const lb = Math.log10(Math.max(hi, 1e-9));
  const a = wholeDecades ? Math.floor(la) : la;
  const b = wholeDecades ? Math.max(a + 1, Math.ceil(lb)) : Math.max(lb, la + 0.1);
  const ticks: number[] = [];
  for (let e = Math.floor(a); e <= Math.ceil(b); e++)
    for (const m of b - a < 3 ? [1, 2, 5] : [1]) {
      const t = m * 10 ** e;
      const lt = Math.log10(t);
      if (lt >= a - 1e-9 && lt <= b + 1e-9) ticks.push(t);
    }
  return {
    ticks,
    map: (v) => from + ((Math.log10(Math.max(v, 1e-9)) - a) / (b - a)) * (to - from),
  };
}

function frame(title: string, height: number, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${height}" width="${W}" height="${height}" ${FONT} font-size="12">`,
    `<rect width="${W}" height="${height}" fill="#ffffff"/>`,
    `<text x="${W / 2}" y="24" text-anchor="middle" font-size="15" font-weight="600" fill="#111827">${esc(title)}</text>`,
    ...body,
    "</svg>",
    "",
  ].join("\n");
}

function yAxis(scale: Scale, label: string): string[] {
  const out: string[] = [];
  for (const t of scale.ticks) {
    const y = scale.map(t).toFixed(1);
    out.push(
      `<line x1="${M.left}" x2="${W - M.right}" y1="${y}" y2="${y}" stroke="#e5e7eb"/>`,
      `<text x="${M.left - 8}" y="${y}" dy="4" text-anchor="end" fill="#374151">${tickLabel(t)}</text>`,
    );
  }
  const cy = M.top + PLOT_H / 2;
  out.push(
    `<text transform="translate(18 ${cy}) rotate(-90)" text-anchor="middle" fill="#374151">${esc(label)}</text>`,
  );
  return out;
}

function threshold(scale: Scale, t: { y: number; label: string } | undefined): string[] {
  if (t === undefined) return [];
  const y = scale.map(t.y).toFixed(1);
  return [
    `<line x1="${M.left}" x2="${W - M.right}" y1="${y}" y2="${y}" stroke="#111827" stroke-width="1.5" stroke-dasharray="6 4"/>`,
    `<text x="${W - M.right - 4}" y="${y}" dy="-5" text-anchor="end" fill="#111827" font-weight="600">${esc(t.label)}</text>`,
  ];
}

function legend(names: string[]): string[] {
  const out: string[] = [];
  // Under the title, where slanted category labels cannot reach it.
  let x = M.left;
  const y = 46;
  for (const [i, name] of names.entries()) {
    const colour = PALETTE[i % PALETTE.length] ?? "#000";
    out.push(
      `<rect x="${x}" y="${y - 9}" width="12" height="12" fill="${colour}"/>`,
      `<text x="${x + 17}" y="${y + 1}" fill="#111827">${esc(name)}</text>`,
    );
    x += 30 + name.length * 6.6;
  }
  return out;
}

export function lineChartSvg(c: LineChart): string {
  const points = c.lines.flatMap((l) => l.points);
  const xs = points.map((p) => p.x);
  const ys = points.flatMap((p) => [p.y, p.hi ?? p.y, p.lo ?? p.y]).concat(c.threshold?.y ?? []);
  const plotBottom = M.top + PLOT_H;
  // Padding keeps the first and last points off the axes.
  const xLo = Math.min(...xs);
  const xHi = Math.max(...xs);
  const pad = c.x.log ? 1.15 : (xHi - xLo) * 0.05 || 1;
  const xScale = c.x.log
    ? log(xLo / pad, xHi * pad, M.left, W - M.right, false)
    : linear(xLo - pad, xHi + pad, M.left, W - M.right, false);
  const yScale = (c.y.log ? log : linear)(
    Math.min(...ys.filter((v) => !c.y.log || v > 0)),
    Math.max(...ys) * 1.05,
    plotBottom,
    M.top,
  );
  const body = yAxis(yScale, c.y.label);
  // x ticks at the measured points: sizes and socket counts are what was run.
  for (const x of [...new Set(xs)].sort((a, b) => a - b)) {
    const px = xScale.map(x).toFixed(1);
    body.push(
      `<line x1="${px}" x2="${px}" y1="${plotBottom}" y2="${plotBottom + 5}" stroke="#374151"/>`,
      `<text x="${px}" y="${plotBottom + 18}" text-anchor="middle" fill="#374151">${tickLabel(x)}</text>`,
    );
  }
  body.push(
    `<line x1="${M.left}" x2="${W - M.right}" y1="${plotBottom}" y2="${plotBottom}" stroke="#374151"/>`,
    `<text x="${(M.left + W - M.right) / 2}" y="${plotBottom + 38}" text-anchor="middle" fill="#374151">${esc(c.x.label)}</text>`,
  );
  body.push(...threshold(yScale, c.threshold));
  for (const [i, line] of c.lines.entries()) {
    const colour = PALETTE[i % PALETTE.length] ?? "#000";
    const pts = [...line.points].sort((a, b) => a.x - b.x);
    const path = pts
      .map((p) => `${xScale.map(p.x).toFixed(1)},${yScale.map(p.y).toFixed(1)}`)
      .join(" ");
    body.push(`<polyline points="${path}" fill="none" stroke="${colour}" stroke-width="2"/>`);
    for (const p of pts) {
      const px = xScale.map(p.x).toFixed(1);
      if (p.lo !== undefined && p.hi !== undefined)
        body.push(
          `<line x1="${px}" x2="${px}" y1="${yScale.map(p.lo).toFixed(1)}" y2="${yScale.map(p.hi).toFixed(1)}" stroke="${colour}" stroke-width="1.5" opacity="0.6"/>`,
        );
      body.push(
        `<circle cx="${px}" cy="${yScale.map(p.y).toFixed(1)}" r="3.5" fill="${colour}"><title>${esc(`${line.name}: ${tickLabel(p.x)} → ${p.y.toPrecision(4)}`)}</title></circle>`,
      );
    }
  }
  body.push(...legend(c.lines.map((l) => l.name)));
  return frame(c.title, plotBottom + AXIS_H, body);
}

export function barChartSvg(c: BarChart): string {
  const values = c.groups.flatMap((g) => g.values).filter((v) => Number.isFinite(v));
  const plotBottom = M.top + PLOT_H;
  const slot = (W - M.left - M.right) / Math.max(1, c.categories.length);
  // At most 24 characters, so a slanted first label stays inside the image.
  const short = (name: string) => (name.length > 24 ? `${name.slice(0, 23)}…` : name);
  const longest = Math.max(0, ...c.categories.map((name) => short(name).length));
  // Labels that would not fit their slot are slanted; the image grows to hold them.
  const slanted = longest * 6.5 > slot;
  const labelH = slanted ? Math.ceil(longest * 5.2 * Math.sin((50 * Math.PI) / 180)) + 24 : AXIS_H;
  const all = values.concat(c.threshold?.y ?? []);
  const yScale = (c.y.log ? log : linear)(
    Math.min(...all.filter((v) => !c.y.log || v > 0)),
    Math.max(...all) * 1.05,
    plotBottom,
    M.top,
  );
  const body = yAxis(yScale, c.y.label);
  const barW = Math.max(2, (slot * 0.8) / Math.max(1, c.groups.length));
  const base = c.y.log ? plotBottom : yScale.map(0);
  for (const [ci, category] of c.categories.entries()) {
    const x0 = M.left + ci * slot + slot * 0.1;
    for (const [gi, group] of c.groups.entries()) {
      const v = group.values[ci];
      if (v === undefined || !Number.isFinite(v)) continue;
      const y = yScale.map(v);
      body.push(
        `<rect x="${(x0 + gi * barW).toFixed(1)}" y="${Math.min(y, base).toFixed(1)}" width="${(barW - 1).toFixed(1)}" height="${Math.abs(base - y).toFixed(1)}" fill="${PALETTE[gi % PALETTE.length] ?? "#000"}"><title>${esc(`${category} · ${group.name}: ${v.toPrecision(4)}`)}</title></rect>`,
      );
    }
    const cx = M.left + ci * slot + slot / 2;
    body.push(
      slanted
        ? `<text transform="translate(${cx.toFixed(1)} ${plotBottom + 10}) rotate(-50)" text-anchor="end" font-size="10" fill="#374151"><title>${esc(category)}</title>${esc(short(category))}</text>`
        : `<text x="${cx.toFixed(1)}" y="${plotBottom + 18}" text-anchor="middle" fill="#374151">${esc(category)}</text>`,
    );
  }
  body.push(
    `<line x1="${M.left}" x2="${W - M.right}" y1="${plotBottom}" y2="${plotBottom}" stroke="#374151"/>`,
  );
  body.push(...threshold(yScale, c.threshold));
  body.push(...legend(c.groups.map((g) => g.name)));
  return frame(c.title, plotBottom + labelH, body);
}
