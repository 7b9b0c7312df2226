// Two backdrops a user can choose that no catalogue style draws: a city at dusk and a brick wall.
// SVG bodies at the output size, drawn once per size and kept by layers.ts like every other backdrop.

/** A city at dusk, far behind and out of focus: a warm sky, dark towers and lit windows. */
export function skylineBody(colors: string[], w: number, h: number, rnd: () => number): string {
  const [towers, glow, lights, sky] = [0, 1, 2, 3].map((i) => colors[Math.min(i, colors.length - 1)]);
  let buildings = '';
  let windows = '';
  for (let x = -w * 0.05; x < w; ) {
    const bw = w * (0.07 + rnd() * 0.09);
    const top = h * (0.3 + rnd() * 0.32);
    buildings += `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${(bw + 1).toFixed(1)}" height="${(h - top).toFixed(1)}" fill-opacity="${(0.78 + rnd() * 0.22).toFixed(2)}"/>`;
    const step = w * 0.022;
    for (let wy = top + step; wy < h * 0.95; wy += step * 1.6) {
      for (let wx = x + step * 0.6; wx < x + bw - step * 0.6; wx += step * 1.3) {
        if (rnd() < 0.42)
          windows += `<rect x="${wx.toFixed(1)}" y="${wy.toFixed(1)}" width="${(step * 0.55).toFixed(1)}" height="${(step * 0.75).toFixed(1)}" fill-opacity="${(0.45 + rnd() * 0.55).toFixed(2)}"/>`;
      }
    }
    x += bw + w * rnd() * 0.01;
  }
  const blur = (w * 0.006).toFixed(1);
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="0.7" stop-color="${glow}"/></linearGradient><filter id="soft" x="-5%" y="-5%" width="110%" height="110%"><feGaussianBlur stdDeviation="${blur}"/></filter></defs><rect width="100%" height="100%" fill="url(#sky)"/><g filter="url(#soft)"><g fill="${towers}">${buildings}</g><g fill="${lights}">${windows}</g></g>`;
}

/** Brickwork: courses of bricks in two shades over pale mortar, lit from above. */
export function brickBody(colors: string[], w: number, h: number, rnd: () => number): string {
  const [brick, mortar, dark] = [0, 1, 2].map((i) => colors[Math.min(i, colors.length - 1)]);
  const course = Math.round(w / 17);
  const length = course * 2.2;
  const gap = Math.max(2, Math.round(course * 0.12));
  let bricks = '';
  for (let row = 0, y = 0; y < h; row++, y += course) {
    for (let x = row % 2 ? -length / 2 : 0; x < w; x += length) {
      bricks += `<rect x="${(x + gap / 2).toFixed(1)}" y="${y + gap / 2}" width="${(length - gap).toFixed(1)}" height="${course - gap}" fill="${rnd() < 0.35 ? dark : brick}" fill-opacity="${(0.82 + rnd() * 0.18).toFixed(2)}"/>`;
    }
  }
  return `<defs><radialGradient id="lit" cx="0.5" cy="0.3" r="0.75"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></radialGradient></defs><rect width="100%" height="100%" fill="${mortar}"/>${bricks}<rect width="100%" height="100%" fill="url(#lit)"/>`;
}
