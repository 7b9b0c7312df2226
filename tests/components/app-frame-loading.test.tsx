// While the app layout's code arrives (held back here), an /app page shows the app's frame at once
// (components/layout/app-frame-loading.tsx): reached from a public page (a signed-in visitor on the landing
// page, as after the emailed link's sign-in), not the site's navbar over a blank page; opened directly, not
// a blank page.
import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { aUser, currentLocation, renderApp } from './support/render.tsx';

// The app layout's module never arrives in this file: what shows meanwhile is what is tested.
vi.mock('../../web/src/components/layout/app-layout.tsx', async () => {
  await new Promise(() => {});
  return {};
});

describe("the app's frame while its code arrives", () => {
  test('from the landing page, signed in: the app frame, not the site navbar over nothing', async () => {
    await renderApp('/', { as: aUser() });
    const frame = await screen.findByTestId('app-frame-loading');
    expect(currentLocation().pathname).toMatch(/^\/app/);
    expect(frame.querySelector('[role="status"]')).not.toBeNull();
    // Nothing of the site's navbar (its Pricing link, Log in) stays on screen.
    expect(screen.queryByRole('link', { name: 'Pricing' })).toBeNull();
    expect(document.querySelector('.navbar:not(.navbar--app)')).toBeNull();
  });

  test('an /app page opened directly, in French: the frame, its logo leading to the app', async () => {
    await renderApp('/fr/app/account', { as: aUser() });
    const frame = await screen.findByTestId('app-frame-loading');
    expect(frame.querySelector('a.logo')?.getAttribute('href')).toBe('/fr/app/create');
  });
});
