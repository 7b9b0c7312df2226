// Selfies from the phone (docs/product.md, "Selfies from the phone"), the two screens with the API stubbed at
// fetch: Manage Photos' "Use your phone" panel (consent first, the link in the page's language, its QR code
// and short link, the time left, the photos that arrived, the list read again while the link is live,
// Close; a live link shown again when the page is opened again, none on a phone-width screen), and the phone's capture page (its plain frame, each ended link's own words in English and French, the device
// secret kept for a reload, a shot through the presigned flow with the two headers, its score and
// instructions, a refusal and its retake, the end screen). The real camera and the whole journey are the
// browser test's (tests/browser/phone-capture.test.ts).
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { CaptureLinkState, UploadResult, UploadTargets } from '#shared/api-schemas.ts';
import { CAPTURE_ERRORS } from '#shared/capture-rules.ts';
import type { QualityHint } from '#shared/photo-rules.ts';
import { apiStub, fail, ok, stubFetch } from './support/api-stub.ts';
import { aPhoto, photoList } from './support/fixtures.ts';
import { aUser, renderApp } from './support/render.tsx';

const CODE = 'ABCDEFGHJKMN';
const IN_15_MIN = () => new Date(Date.now() + 15 * 60_000).toISOString();

describe('Manage Photos: "Use your phone"', () => {
  const link = { code: CODE, url: `http://app.test/capture/${CODE}`, expires_at: IN_15_MIN() };
  const state = (over: Partial<CaptureLinkState> = {}): CaptureLinkState => ({
    ...link,
    photos_added: 0,
    status: 'waiting',
    ...over,
  });
  const NONE = fail(404, 'CAPTURE_LINK_NOT_FOUND', CAPTURE_ERRORS.CAPTURE_LINK_NOT_FOUND.msg);
  /** The API's photo list and account's link, as a test changes them: each read answers what they are then. */
  const linkServer = () => {
    const api = { files: [aPhoto(1)], current: null as CaptureLinkState | null };
    apiStub.on('listPhotos', () => ok('listPhotos', photoList(api.files)));
    apiStub.on('createCaptureLink', () => {
      api.current = state();
      return { status: 201, body: link };
    });
    apiStub.on('currentCaptureLink', () => (api.current ? ok('currentCaptureLink', api.current) : NONE));
    return api;
  };
  /** The link as the panel shows it: its QR code, its short link and the time it has left. */
  const expectLinkShown = async (panel: HTMLElement) => {
    const qr = await within(panel).findByRole('img', {
      name: 'QR code that opens the capture page on your phone',
    });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(within(panel).getByTestId('phone-link').textContent).toBe(`app.test/capture/${CODE}`);
    expect(within(panel).getByTestId('phone-time-left').textContent).toMatch(/^1[45]:\d\d$/);
  };
  /** The panel's first button, once the read of a link made before has answered (it waits until then). */
  const startButton = async (panel: HTMLElement, name = 'Show a code for my phone') => {
    const button = (await within(panel).findByRole('button', { name })) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    return button;
  };

  test('English: consent first; then a link in English, its QR code, short link and time left', async () => {
    const unconsented = photoList([]);
    unconsented.consent = { ...unconsented.consent, processing: false, rights: false };
    apiStub.on('listPhotos', ok('listPhotos', unconsented));
    await renderApp('/app/upload', { as: aUser() });
    const panel = await screen.findByTestId('phone-capture');
    expect(within(panel).getByRole('heading', { name: 'Use your phone' })).toBeTruthy();
    expect(within(panel).getByTestId('phone-consent-first').textContent).toBe(
      'Tick both boxes under “Before you upload” first: the photos you take count as uploads.',
    );
    expect(
      (within(panel).getByRole('button', { name: 'Show a code for my phone' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(apiStub.calls('createCaptureLink', 'currentCaptureLink')).toEqual([]);
  });

  test('English: the link shows, the list fills in while it is live, Close ends it', async () => {
    const api = linkServer();
    apiStub.on('revokeCaptureLink', ok('revokeCaptureLink', { success: true }));
    const { user } = await renderApp('/app/upload', { as: aUser() });
    const panel = await screen.findByTestId('phone-capture');
    await user.click(await startButton(panel));

    expect(apiStub.calls('createCaptureLink').map((c) => c.body)).toEqual([{ language: 'en' }]);
    await expectLinkShown(panel);
    expect(within(panel).getByTestId('phone-status').textContent).toBe('Waiting for your phone…');

    // The phone opens the link and adds two photos: they show without a reload.
    api.current = state({ status: 'open', photos_added: 2 });
    api.files = [aPhoto(3, { original_name: 'selfie-2-left.jpg' }), aPhoto(2), ...api.files];
    await waitFor(() => expect(within(panel).getByTestId('phone-arrived').textContent).toBe('2'), {
      timeout: 8000,
    });
    expect(within(panel).getByTestId('phone-status').textContent).toBe('Your phone is connected.');
    await waitFor(() => expect(screen.getAllByTestId('photo-card')).toHaveLength(3), { timeout: 8000 });
    expect(screen.getByText('selfie-2-left.jpg')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(apiStub.calls('revokeCaptureLink').map((c) => c.params)).toEqual([{ code: CODE }]),
    );
    await within(panel).findByRole('button', { name: 'Show a code for my phone' });
    // Closed: nothing is read every few seconds any more.
    const reads = apiStub.calls('currentCaptureLink').length;
    await new Promise((r) => setTimeout(r, 3000));
    expect(apiStub.calls('currentCaptureLink')).toHaveLength(reads);
  }, 20_000);

  test('French: the link in French, and an expired link says so', async () => {
    apiStub.on('listPhotos', ok('listPhotos', photoList([])));
    apiStub.on('createCaptureLink', {
      status: 201,
      body: { ...link, url: `http://app.test/fr/capture/${CODE}` },
    });
    apiStub.on('currentCaptureLink', ok('currentCaptureLink', state({ status: 'expired', photos_added: 1 })));
    const { user } = await renderApp('/fr/app/upload', { as: aUser() });
    const panel = await screen.findByTestId('phone-capture');
    expect(within(panel).getByRole('heading', { name: 'Utiliser votre téléphone' })).toBeTruthy();
    await user.click(await startButton(panel, 'Afficher un code pour mon téléphone'));
    expect(apiStub.calls('createCaptureLink').map((c) => c.body)).toEqual([{ language: 'fr' }]);
    expect((await within(panel).findByTestId('phone-ended')).textContent).toBe(
      'Ce code a expiré. 1 photo reçue de votre téléphone.',
    );
    expect(within(panel).getByRole('button', { name: 'Afficher un nouveau code' })).toBeTruthy();
  });

  test('a live link is shown again when the page is opened again: QR code, link, time left, photos received, the list read again; once closed, not any more', async () => {
    const api = linkServer();
    apiStub.on('revokeCaptureLink', () => {
      api.current = state({ status: 'ended', photos_added: 2 });
      return ok('revokeCaptureLink', { success: true });
    });
    const first = await renderApp('/app/upload', { as: aUser() });
    await first.user.click(await startButton(await screen.findByTestId('phone-capture')));
    await screen.findByTestId('phone-qr');
    first.unmount();

    // Away from the page (or reloaded), the phone opens the link and adds two photos.
    api.current = state({ status: 'open', photos_added: 2 });
    api.files = [aPhoto(3), aPhoto(2), ...api.files];
    const { user, unmount } = await renderApp('/app/upload', { as: aUser() });
    const panel = await screen.findByTestId('phone-capture');
    await expectLinkShown(panel);
    expect(within(panel).getByTestId('phone-arrived').textContent).toBe('2');
    expect(within(panel).getByTestId('phone-status').textContent).toBe('Your phone is connected.');
    // The same link: no new one was made (that would end this one on the phone).
    expect(apiStub.calls('createCaptureLink')).toHaveLength(1);
    // The list is read again while the link is live: a third shot shows without a reload.
    api.current = state({ status: 'open', photos_added: 3 });
    api.files = [aPhoto(4), ...api.files];
    await waitFor(() => expect(screen.getAllByTestId('photo-card')).toHaveLength(4), { timeout: 8000 });
    expect(within(panel).getByTestId('phone-arrived').textContent).toBe('3');

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(apiStub.calls('revokeCaptureLink').map((c) => c.params)).toEqual([{ code: CODE }]),
    );
    unmount();
    // Closed: the page opened again offers a new link, though the cache last saw this one open.
    await renderApp('/app/upload', { as: aUser() });
    const again = await screen.findByTestId('phone-capture');
    await startButton(again);
    expect(within(again).queryByTestId('phone-qr')).toBeNull();
    expect(within(again).queryByTestId('phone-ended')).toBeNull();
  }, 30_000);

  test.each([
    { what: 'none (404)', reply: () => NONE },
    { what: 'an ended link', reply: () => ok('currentCaptureLink', state({ status: 'ended' })) },
    { what: 'an expired link', reply: () => ok('currentCaptureLink', state({ status: 'expired' })) },
  ])(
    '$what: the panel offers a new link, and nothing is read again',
    async ({ reply }) => {
      apiStub.on('listPhotos', ok('listPhotos', photoList([aPhoto(1)])));
      apiStub.on('currentCaptureLink', reply);
      await renderApp('/app/upload', { as: aUser() });
      const panel = await screen.findByTestId('phone-capture');
      await startButton(panel);
      expect(apiStub.calls('currentCaptureLink')).toHaveLength(1);
      expect(within(panel).queryByTestId('phone-qr')).toBeNull();
      expect(within(panel).queryByTestId('phone-ended')).toBeNull();
      const lists = apiStub.calls('listPhotos').length;
      await new Promise((r) => setTimeout(r, 3000));
      expect(apiStub.calls('currentCaptureLink')).toHaveLength(1);
      expect(apiStub.calls('listPhotos')).toHaveLength(lists);
    },
    15_000,
  );

  test('on a phone-width screen (the panel hidden) no link is read', async () => {
    // happy-dom's own window (window.innerWidth set here would not reach its media queries).
    const { happyDOM } = window as unknown as { happyDOM: { setViewport(size: { width: number }): void } };
    const width = window.innerWidth;
    happyDOM.setViewport({ width: 390 });
    try {
      apiStub.on('listPhotos', ok('listPhotos', photoList([aPhoto(1)])));
      apiStub.on('currentCaptureLink', ok('currentCaptureLink', state({ status: 'open' })));
      await renderApp('/app/upload', { as: aUser() });
      await screen.findAllByTestId('photo-card');
      const panel = screen.getByTestId('phone-capture');
      await startButton(panel);
      await new Promise((r) => setTimeout(r, 500));
      expect(apiStub.calls('currentCaptureLink')).toEqual([]);
      expect(within(panel).queryByTestId('phone-qr')).toBeNull();
    } finally {
      happyDOM.setViewport({ width });
    }
  }, 15_000);
});

describe('The phone capture page', () => {
  const BUCKET = 'http://bucket.test/photos';
  const bucketPosts: FormData[] = [];

  /** The bucket's form POST, beside the API stub (the stub answers the API's origin only). */
  function stubBucket(status = 204): void {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' || input instanceof URL ? String(input) : input.url;
      if (!url.startsWith(BUCKET)) return stubFetch(input, init);
      bucketPosts.push(init?.body as FormData);
      return new Response(null, { status });
    });
  }
  afterEach(() => {
    vi.stubGlobal('fetch', stubFetch);
    bucketPosts.length = 0;
  });

  const opened = (over = {}) =>
    ok('openCaptureLink', {
      device: 'device-secret-1',
      language: 'en',
      expires_at: IN_15_MIN(),
      photos_added: 0,
      photos_left: 10,
      ...over,
    });

  const targets = (name: string): UploadTargets => ({
    success: true,
    targets: [{ name, id: `up-${name}`, url: BUCKET, fields: { key: `uploads/${name}`, policy: 'p' } }],
    rejected: [],
    rejectedCount: 0,
    rejections: [],
    expires_in: 300,
  });

  const kept = (name: string, over: Partial<UploadResult> = {}): UploadResult => ({
    success: true,
    files: [`stored-${name}`],
    rejected: [],
    rejectedCount: 0,
    rejections: [],
    photos: [{ filename: `stored-${name}`, quality: { score: 84, reasons: ['face-small'] }, hints: [] }],
    ...over,
  });

  const aShot = (name = 'shot.jpg') =>
    new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], name, { type: 'image/jpeg' });

  const ENDED = {
    CAPTURE_LINK_NOT_FOUND: {
      status: 404,
      en: 'This link does not work. Check it, or make a new one on your computer.',
      fr: 'Ce lien ne fonctionne pas. Vérifiez-le, ou créez-en un nouveau sur votre ordinateur.',
    },
    CAPTURE_LINK_EXPIRED: {
      status: 410,
      en: 'This link has expired: links work for 15 minutes. Make a new one on your computer.',
      fr: 'Ce lien a expiré\u00a0: les liens fonctionnent 15 minutes. Créez-en un nouveau sur votre ordinateur.',
    },
    CAPTURE_LINK_ENDED: {
      status: 410,
      en: 'This link has ended. Make a new one on your computer to take more photos.',
      fr: "Ce lien est terminé. Créez-en un nouveau sur votre ordinateur pour prendre d'autres photos.",
    },
    CAPTURE_LINK_IN_USE: {
      status: 403,
      en: 'This link is already open on another phone. Make a new one on your computer to use this phone.',
      fr: 'Ce lien est déjà ouvert sur un autre téléphone. Créez-en un nouveau sur votre ordinateur pour utiliser ce téléphone.',
    },
  } as const;

  test.each(
    Object.entries(ENDED).flatMap(([code, e]) =>
      (['en', 'fr'] as const).map((lang) => ({ code, lang, status: e.status, text: e[lang] })),
    ),
  )('$code in $lang: its own message', async ({ code, lang, status, text }) => {
    apiStub.on('openCaptureLink', fail(status, code, 'The server says it in English'));
    await renderApp(`${lang === 'fr' ? '/fr' : ''}/capture/${CODE.toLowerCase()}`);
    const ended = await screen.findByTestId('capture-ended');
    expect(ended.textContent).toBe(text);
    // The host lower-cases page paths: the code goes back as it was made.
    expect(apiStub.calls('openCaptureLink').map((c) => c.headers.get('X-Capture-Code'))).toEqual([CODE]);
    expect(document.title).toBe(
      lang === 'fr' ? 'Prenez vos selfies · Aivatar' : 'Take your selfies · Aivatar',
    );
    // The heading says the link cannot be used, not "Take your selfies" above a message saying you cannot.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      lang === 'fr' ? 'Ce lien ne peut pas être utilisé' : "This link can't be used",
    );
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  test.each([
    { lang: 'en', prefix: '', privacy: 'Privacy Policy', current: 'EN' },
    { lang: 'fr', prefix: '/fr', privacy: 'Politique de confidentialité', current: 'FR' },
  ] as const)(
    '$lang: a plain frame, the logo and the language above and the privacy policy below, no way off the task',
    async ({ prefix, privacy, current }) => {
      apiStub.on('openCaptureLink', opened());
      await renderApp(`${prefix}/capture/${CODE}`);
      await screen.findByTestId('capture-purpose');
      const header = screen.getByRole('banner');
      // Above: the logo and the language, nothing else.
      const language = within(header).getByRole('navigation');
      expect(within(header).getAllByRole('link')).toEqual([
        within(header).getByRole('link', { name: 'Aivatar' }),
        ...within(language).getAllByRole('link'),
      ]);
      expect(within(header).getByRole('link', { name: 'Aivatar' }).getAttribute('href')).toBe(prefix || '/');
      expect(
        within(language)
          .getAllByRole('link')
          .map((a) => [a.getAttribute('href'), a.getAttribute('aria-current')]),
      ).toEqual([
        // Page paths are lower-cased (shared/page-address.ts); the code still opens.
        [`/fr/capture/${CODE.toLowerCase()}`, current === 'FR' ? 'true' : null],
        [`/capture/${CODE.toLowerCase()}`, current === 'EN' ? 'true' : null],
      ]);
      // One line below: the privacy policy, in a tab of its own.
      const footer = screen.getByRole('contentinfo');
      const links = within(footer).getAllByRole('link');
      expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')])).toEqual([
        [privacy, `${prefix}/privacy-policy`, '_blank'],
      ]);
      // The page's address holds the link's code: the policy's tab is not told where it was opened from.
      expect(links[0]?.getAttribute('rel')?.split(' ')).toContain('noreferrer');
      // Nowhere on the page: the site's menu, sign-in links or footer columns.
      expect(screen.queryByRole('button', { name: /menu/i })).toBeNull();
      // The skip link, the logo, the two languages and the privacy policy: no other link on the page.
      expect(screen.getAllByRole('link')).toHaveLength(5);
      expect(document.querySelector('.footer, .navbar')).toBeNull();
      expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    },
  );

  test('a code that cannot be one is not sent anywhere', async () => {
    await renderApp('/capture/not-a-code');
    expect((await screen.findByTestId('capture-ended')).textContent).toBe(ENDED.CAPTURE_LINK_NOT_FOUND.en);
    expect(apiStub.calls('openCaptureLink')).toEqual([]);
  });

  test('English: what the photos are for, a shot with both headers, its score and instruction, a refusal and its retake', async () => {
    stubBucket();
    apiStub.on('openCaptureLink', opened());
    apiStub.on('photoUploadTargets', (req) => {
      const [file] = (req.body as { files: { name: string }[] }).files;
      return ok('photoUploadTargets', targets(file?.name ?? 'x'));
    });
    let refuse = false;
    apiStub.on('confirmPhotoUploads', (req) => {
      const [upload] = (req.body as { uploads: { name: string }[] }).uploads;
      const name = upload?.name ?? 'x';
      return refuse
        ? ok(
            'confirmPhotoUploads',
            kept(name, {
              files: [],
              photos: [],
              rejected: [name],
              rejectedCount: 1,
              rejections: [{ name, reason: 'no-face', message: 'No face found in this photo.' }],
            }),
          )
        : ok('confirmPhotoUploads', kept(name));
    });
    const { user } = await renderApp(`/capture/${CODE}`);
    expect((await screen.findByTestId('capture-purpose')).textContent).toContain(
      'They are used only to create your avatars, as you agreed there, are deleted automatically after 30 days',
    );
    await user.click(screen.getByRole('button', { name: 'Open the camera' }));
    expect(screen.getByTestId('capture-prompt').textContent).toBe('Look straight at the camera');
    // No camera here (happy-dom has none): the phone's own camera app, through a file input.
    const input = (await screen.findByTestId('capture-file')) as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('user');
    await user.upload(input, aShot());

    const result = await screen.findByTestId('shot-result');
    await waitFor(() => expect(result.dataset.status).toBe('kept'));
    expect(within(result).getByTestId('shot-score').textContent).toBe('Quality 84/100');
    expect(within(result).getByText('Move closer')).toBeTruthy();
    // Something to do better: kept, not "Looks good!" (the photo-quality words of one shot agree with each other).
    expect(within(result).getByTestId('shot-title').textContent).toBe('Photo kept');
    // A kept shot stays (the code cannot delete it): its button says another is taken, not that it is replaced.
    expect(within(result).getByRole('button', { name: 'Take another' })).toBeTruthy();
    expect(within(result).queryByRole('button', { name: 'Retake' })).toBeNull();
    for (const call of apiStub.calls('photoUploadTargets', 'confirmPhotoUploads')) {
      expect(call.headers.get('X-Capture-Code')).toBe(CODE);
      expect(call.headers.get('X-Capture-Device')).toBe('device-secret-1');
      // The link, not a session: a phone signed in to another account must not send its photos there.
      expect(call.headers.get('Authorization')).toBeNull();
    }
    expect(apiStub.calls('photoUploadTargets').map((c) => c.body)).toEqual([
      { files: [{ name: 'selfie-1-straight.jpg', type: 'image/jpeg', size: 4 }] },
    ]);
    expect(bucketPosts).toHaveLength(1);
    expect(bucketPosts[0]?.get('key')).toBe('uploads/selfie-1-straight.jpg');
    expect(apiStub.calls('confirmPhotoUploads').map((c) => c.body)).toEqual([
      { uploads: [{ id: 'up-selfie-1-straight.jpg', name: 'selfie-1-straight.jpg' }] },
    ]);

    await user.click(within(result).getByRole('button', { name: 'Next photo' }));
    expect(screen.getByTestId('capture-prompt').textContent).toBe('Turn your head a little to the left');
    refuse = true;
    await user.upload(await screen.findByTestId('capture-file'), aShot());
    await waitFor(() => expect(screen.getByTestId('shot-result').dataset.status).toBe('refused'));
    expect(screen.getByTestId('shot-message').textContent).toBe(
      "We couldn't find your face. Keep it inside the oval, in good light.",
    );
    expect(screen.queryByRole('button', { name: 'Take another' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retake' }));
    expect(screen.queryByTestId('shot-result')).toBeNull();
    expect(screen.getByTestId('capture-prompt').textContent).toBe('Turn your head a little to the left');
    expect(screen.getByTestId('capture-file')).toBeTruthy();
  });

  test.each([
    {
      lang: 'en',
      praise: 'Looks good!',
      kept: 'Photo kept',
      advice: 'To do even better:',
      tip: "Low resolution: use your phone's main camera",
    },
    {
      lang: 'fr',
      praise: "C'est parfait\u00a0!",
      kept: 'Photo gardée',
      advice: 'Pour faire encore mieux :',
      tip: "Basse résolution\u00a0: utilisez l'appareil photo principal du téléphone",
    },
  ] as const)(
    '$lang: a good score with advice is not called perfect; without advice it is',
    async ({ lang, praise, kept: keptTitle, advice, tip }) => {
      stubBucket();
      apiStub.on('openCaptureLink', opened({ language: lang }));
      apiStub.on('photoUploadTargets', ok('photoUploadTargets', targets('selfie-1-straight.jpg')));
      let hints: QualityHint[] = ['small'];
      apiStub.on('confirmPhotoUploads', () =>
        ok(
          'confirmPhotoUploads',
          kept('selfie-1-straight.jpg', {
            photos: [
              { filename: 'stored-selfie-1-straight.jpg', quality: { score: 91, reasons: [] }, hints },
            ],
          }),
        ),
      );
      const { user } = await renderApp(`${lang === 'fr' ? '/fr' : ''}/capture/${CODE}`);
      await user.click(
        await screen.findByRole('button', {
          name: lang === 'fr' ? "Ouvrir l'appareil photo" : 'Open the camera',
        }),
      );
      await user.upload(await screen.findByTestId('capture-file'), aShot());
      let result = await screen.findByTestId('shot-result');
      await waitFor(() => expect(result.dataset.status).toBe('kept'));
      expect(within(result).getByTestId('shot-score').dataset.band).toBe('good');
      expect(within(result).getByTestId('shot-title').textContent).toBe(keptTitle);
      expect(within(result).getByText(advice)).toBeTruthy();
      expect(within(result).getByRole('listitem').textContent).toBe(tip);

      hints = [];
      await user.click(within(result).getByTestId('shot-next'));
      await user.upload(await screen.findByTestId('capture-file'), aShot());
      result = await screen.findByTestId('shot-result');
      await waitFor(() => expect(within(result).getByTestId('shot-title').textContent).toBe(praise));
      expect(within(result).queryByText(advice)).toBeNull();
    },
  );

  test.each([
    { lang: 'en', title: 'Photo kept', info: 'We turned this photo upright', tip: 'Face a window' },
    {
      lang: 'fr',
      title: 'Photo gardée',
      info: 'Nous avons redressé cette photo',
      tip: 'Tournez-vous vers une fenêtre',
    },
  ] as const)(
    '$lang: a weaker kept shot is not "looks good", and a turned one is said apart from what to improve',
    async ({ lang, title, info, tip }) => {
      stubBucket();
      apiStub.on('openCaptureLink', opened({ language: lang }));
      apiStub.on('photoUploadTargets', ok('photoUploadTargets', targets('selfie-1-straight.jpg')));
      apiStub.on(
        'confirmPhotoUploads',
        ok(
          'confirmPhotoUploads',
          kept('selfie-1-straight.jpg', {
            photos: [
              {
                filename: 'stored-selfie-1-straight.jpg',
                quality: { score: 52, reasons: ['face-dark'] },
                hints: ['turned-upright'],
              },
            ],
          }),
        ),
      );
      const { user } = await renderApp(`${lang === 'fr' ? '/fr' : ''}/capture/${CODE}`);
      await user.click(
        await screen.findByRole('button', {
          name: lang === 'fr' ? "Ouvrir l'appareil photo" : 'Open the camera',
        }),
      );
      await user.upload(await screen.findByTestId('capture-file'), aShot());
      const result = await screen.findByTestId('shot-result');
      await waitFor(() => expect(result.dataset.status).toBe('kept'));
      expect(within(result).getByTestId('shot-title').textContent).toBe(title);
      expect(within(result).getByTestId('shot-score').dataset.band).toBe('low');
      expect(within(result).getByTestId('shot-info').textContent).toBe(info);
      expect(
        within(result)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([tip]);
    },
  );

  test('French: five shots, then the end screen; a reload opens the link again with this device', async () => {
    stubBucket();
    apiStub.on('openCaptureLink', opened({ language: 'fr' }));
    apiStub.on('photoUploadTargets', (req) => {
      const [file] = (req.body as { files: { name: string }[] }).files;
      return ok('photoUploadTargets', targets(file?.name ?? 'x'));
    });
    apiStub.on('confirmPhotoUploads', (req) => {
      const [upload] = (req.body as { uploads: { name: string }[] }).uploads;
      return ok('confirmPhotoUploads', kept(upload?.name ?? 'x', { photos: undefined }));
    });
    const first = await renderApp(`/fr/capture/${CODE}`);
    await first.user.click(await screen.findByRole('button', { name: "Ouvrir l'appareil photo" }));
    const prompts: string[] = [];
    for (let n = 1; n <= 5; n++) {
      prompts.push(screen.getByTestId('capture-prompt').textContent ?? '');
      await first.user.upload(await screen.findByTestId('capture-file'), aShot());
      await waitFor(() => expect(screen.getByTestId('shot-result').dataset.status).toBe('kept'));
      // No score from an older server: the shot is kept all the same.
      expect(screen.queryByTestId('shot-score')).toBeNull();
      expect(screen.getByRole('button', { name: 'En prendre une autre' })).toBeTruthy();
      await first.user.click(screen.getByTestId('shot-next'));
    }
    expect(prompts).toEqual([
      "Regardez droit vers l'objectif",
      'Tournez un peu la tête vers la gauche',
      'Tournez un peu la tête vers la droite',
      'Et maintenant, un grand sourire\u00a0!',
      'Placez-vous face à une fenêtre, à la lumière du jour',
    ]);
    expect(
      apiStub
        .calls('photoUploadTargets')
        .map((c) => (c.body as { files: { name: string }[] }).files[0]?.name),
    ).toEqual([
      // Named in the page's language.
      'selfie-1-face.jpg',
      'selfie-2-gauche.jpg',
      'selfie-3-droite.jpg',
      'selfie-4-sourire.jpg',
      'selfie-5-fenetre.jpg',
    ]);
    expect(screen.getByTestId('capture-done-text').textContent).toBe(
      'Vos 5 photos sont sur votre ordinateur\u00a0: retournez-y pour les voir et créer vos avatars.',
    );

    // A reload: the link opens again with the secret this tab was given.
    first.unmount();
    await renderApp(`/fr/capture/${CODE}`);
    await screen.findByRole('button', { name: "Ouvrir l'appareil photo" });
    expect(apiStub.calls('openCaptureLink').map((c) => c.headers.get('X-Capture-Device'))).toEqual([
      null,
      'device-secret-1',
    ]);
  });

  /** The link answers each shot as kept; the names the phone sent, in order. */
  function keepEveryShot(): () => (string | undefined)[] {
    stubBucket();
    apiStub.on('photoUploadTargets', (req) => {
      const [file] = (req.body as { files: { name: string }[] }).files;
      return ok('photoUploadTargets', targets(file?.name ?? 'x'));
    });
    apiStub.on('confirmPhotoUploads', (req) => {
      const [upload] = (req.body as { uploads: { name: string }[] }).uploads;
      return ok('confirmPhotoUploads', kept(upload?.name ?? 'x'));
    });
    return () =>
      apiStub
        .calls('photoUploadTargets')
        .map((c) => (c.body as { files: { name: string }[] }).files[0]?.name);
  }

  test('a reload goes on after the photos the link received; two shots of one prompt get two names; Done', async () => {
    const sent = keepEveryShot();
    apiStub.on('openCaptureLink', opened({ photos_added: 2, photos_left: 8 }));
    const { user } = await renderApp(`/capture/${CODE}`);
    await user.click(await screen.findByRole('button', { name: 'Open the camera' }));
    expect(document.querySelector('.capture__step-of')?.textContent).toBe('Photo 3 of 5');
    expect(screen.getByTestId('capture-prompt').textContent).toBe('Turn your head a little to the right');
    await user.upload(await screen.findByTestId('capture-file'), aShot());
    await waitFor(() => expect(screen.getByTestId('shot-result').dataset.status).toBe('kept'));
    await user.click(screen.getByRole('button', { name: 'Take another' }));
    await user.upload(await screen.findByTestId('capture-file'), aShot());
    await waitFor(() => expect(screen.getByTestId('shot-result').dataset.status).toBe('kept'));
    expect(sent()).toEqual(['selfie-3-right.jpg', 'selfie-4-right.jpg']);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByTestId('capture-done-text').textContent).toBe(
      'Your 4 photos are on your computer: go back to it to see them and create your avatars.',
    );
  });

  test.each([
    {
      lang: 'en',
      prefix: '',
      open: 'Open the camera',
      done: 'Done',
      text: 'Your 2 photos are on your computer',
    },
    {
      lang: 'fr',
      prefix: '/fr',
      open: "Ouvrir l'appareil photo",
      done: 'Terminé',
      text: 'Vos 2 photos sont sur votre ordinateur',
    },
  ] as const)('$lang: "Done" once the photos needed to create avatars are kept, not before', async (c) => {
    keepEveryShot();
    apiStub.on('openCaptureLink', opened({ language: c.lang }));
    const { user } = await renderApp(`${c.prefix}/capture/${CODE}`);
    await user.click(await screen.findByRole('button', { name: c.open }));
    await user.upload(await screen.findByTestId('capture-file'), aShot());
    await waitFor(() => expect(screen.getByTestId('shot-result').dataset.status).toBe('kept'));
    expect(screen.queryByRole('button', { name: c.done })).toBeNull();
    await user.click(screen.getByTestId('shot-next'));
    await user.upload(await screen.findByTestId('capture-file'), aShot());
    await waitFor(() => expect(screen.getByTestId('shot-result').dataset.status).toBe('kept'));
    await user.click(screen.getByRole('button', { name: c.done }));
    expect(screen.getByTestId('capture-done-text').textContent).toContain(c.text);
  });
});
