// Renders the icon drawings in public/icons/*.svg to the PNGs that the manifest and
// iOS ask for (Chromium's installability check wants PNG icons of 144 px and more).
// Run after changing a drawing: `npm run icons`, then commit the PNGs.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './launch-chromium.ts';

const iconsDir = fileURLToPath(new URL('../public/icons/', import.meta.url));

const EXPORTS = [
  { source: 'icon.svg', file: 'icon-192.png', size: 192 },
  { source: 'icon.svg', file: 'icon-512.png', size: 512 },
  { source: 'icon-maskable.svg', file: 'icon-maskable-512.png', size: 512 },
  // iOS draws transparent corners black and rounds the corners itself: the full-bleed tile.
  { source: 'icon-maskable.svg', file: 'apple-touch-icon.png', size: 180 },
];

function pageShowing(svg: string, size: number): string {
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return `<!doctype html><style>html, body { margin: 0; background: transparent; }</style>
<img src="${src}" width="${size}" height="${size}" style="display: block" alt="">`;
}

const { browser } = await launchChromium();
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { source, file, size } of EXPORTS) {
    const svg = await readFile(iconsDir + source, 'utf8');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(pageShowing(svg, size));
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await writeFile(iconsDir + file, png);
    console.log(`public/icons/${file}: ${size}x${size}, ${(png.length / 1024).toFixed(1)} kB`);
  }
} finally {
  await browser.close();
}
