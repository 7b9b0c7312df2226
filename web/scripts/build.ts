// `npm run build:web`: the browser build (web/dist), the prerendering build, then every public page
// prerendered to HTML with its head (web/scripts/prerender.ts). Used by npm start, the tests and deploys.
import { join } from 'node:path';
import { build } from 'vite';
import { LOCAL_SITE_URL } from '#shared/web-routes.ts';
import { readCompanyConfig } from '../src/config/company-identity.ts';
import { prerenderSite, siteUrl } from './prerender.ts';

const WEB = join(import.meta.dirname, '..');
const CONFIG = join(WEB, 'vite.config.ts');

export async function buildWeb(options: { siteUrl?: string; quiet?: boolean } = {}): Promise<void> {
  const logLevel = options.quiet ? 'warn' : 'info';
  // A build for a real site must say who operates it: the legal pages would otherwise show a notice.
  const target = options.siteUrl ?? siteUrl();
  const company = readCompanyConfig(process.env);
  if (target !== LOCAL_SITE_URL && !company.configured) {
    throw new Error(
      `Building for ${target} needs the operator's identity: set ${company.missing.join(', ')} (docs/operations.md, Build settings).`,
    );
  }
  await build({ configFile: CONFIG, logLevel });
  await build({ configFile: CONFIG, logLevel, build: { ssr: 'src/entry-server.tsx' } });
  const pages = await prerenderSite({
    siteUrl: options.siteUrl ?? siteUrl(),
  });
  if (!options.quiet) console.log(`Prerendered ${pages} pages.`);
}

if (import.meta.main) {
  await buildWeb({ quiet: process.argv.includes('--quiet') });
}
