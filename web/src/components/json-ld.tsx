// A structured-data block. Render it inside <StaticContent> with `import.meta.env.SSR &&`: it belongs in the
// prerendered HTML only (search engines read it there), not in the JavaScript.
import { jsonLdText } from '../lib/structured-data.ts';

export function JsonLd({ data }: { data: Record<string, unknown> }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON built from our own data, with `<` escaped
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
