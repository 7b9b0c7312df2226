// The admin form's rules, shared by the screen and the server: values are trimmed, each
// field answers with the product's French message, and picture addresses are https or the site's own paths.
import { describe, expect, it } from 'vitest';
import { checkStyleForm, isAcceptableImageUrl, STYLE_MESSAGES } from '#shared/admin-style-rules.ts';
import { AdminStyleInput } from '#shared/api-schemas.ts';

const valid = {
  name: 'Néon',
  category: 'Rétro',
  description: '',
  image_url: '',
  prompt: 'p',
  token_cost: '1',
};

describe('the admin style form rules', () => {
  it('answer the product’s messages for blank (trimmed) fields and a cost under 1', () => {
    expect(checkStyleForm({ ...valid, name: '  ', category: '\t', prompt: ' ', token_cost: '0' })).toEqual({
      name: STYLE_MESSAGES.nameRequired,
      category: STYLE_MESSAGES.categoryRequired,
      prompt: STYLE_MESSAGES.promptRequired,
      token_cost: STYLE_MESSAGES.tokenCostMin,
    });
    expect(checkStyleForm({ ...valid, token_cost: '' }).token_cost).toBe(STYLE_MESSAGES.tokenCostMin);
    expect(checkStyleForm({ ...valid, token_cost: '2.5' }).token_cost).toBe(STYLE_MESSAGES.tokenCostInteger);
    expect(checkStyleForm(valid)).toEqual({});
  });

  it('say the same on the server, which trims and fills the defaults', () => {
    const bad = AdminStyleInput.safeParse({ name: ' ', category: 'c', prompt: 'p' });
    expect(bad.error?.issues[0]?.message).toBe(STYLE_MESSAGES.nameRequired);
    expect(AdminStyleInput.parse({ name: ' A ', category: ' B ', prompt: ' C ' })).toEqual({
      name: 'A',
      category: 'B',
      prompt: 'C',
      description: '',
      image_url: '',
      token_cost: 1,
      is_active: true,
      format: 'square',
    });
  });

  it('take https pictures and the site’s own paths, nothing a browser would run or leak', () => {
    for (const ok of [
      '',
      'https://cdn.example.com/a.webp',
      '/styles/studio-headshot.webp',
      'http://localhost:3001/style-images/x.jpg',
    ])
      expect(isAcceptableImageUrl(ok), ok).toBe(true);
    for (const bad of [
      'http://cdn.example.com/a.png',
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      '//evil.example/a.png',
      'ftp://x/y',
      'not a url',
    ])
      expect(isAcceptableImageUrl(bad), bad).toBe(false);
  });
});
