// Downloaded files are named in the user's language. An avatar made from a French page (or
// by a French account) is stored, and so downloads, under its style's French name (the
// stored name before its first underscore), alone, in a preset's size and inside "Download all"; the data
// export is named in the page's language. One French account for the whole file (two avatars, one export).
import { beforeAll, describe, expect, it } from 'vitest';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { callRoute } from '../support/api.ts';
import { activeStyles, createBody, creator, waitForTasks } from '../support/avatars.ts';
import { exportReady } from '../support/privacy-jobs.ts';

const filenameOf = (t: AvatarTask) => (t.result_path as string).replace(/^results\//, '');

/** The name a download URL's answer gives its file. */
async function savedAs(url: string): Promise<string> {
  const res = await fetch(url);
  await res.arrayBuffer();
  return /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
}

type Creator = Awaited<ReturnType<typeof creator>>;

describe('file names follow the language', () => {
  let user: Creator;
  beforeAll(async () => {
    user = await creator({ ltd: 5 }, 'fr');
  });

  it("an avatar downloads under its style's name in the page's language, else the account's", async () => {
    const styles = await activeStyles();
    const comic = styles.find((s) => s.name === 'Comic Book Hero');
    const ranger = styles.find((s) => s.name === 'Elven Ranger');
    if (!comic || !ranger) throw new Error('the seeded styles are missing');

    // No language said: the account's (French), for the file and for the answer.
    const fr = await callRoute('createTasksBatch', { token: user.token, body: createBody([comic]) });
    expect(fr.status, JSON.stringify(fr.body)).toBe(200);
    expect(fr.body.msg).toMatch(/^1 avatar en cours de création\./);
    // From an English page: English.
    const en = await callRoute('createTasksBatch', {
      token: user.token,
      body: { ...createBody([ranger]), lang: 'en' },
    });
    expect(en.body.msg).toMatch(/^1 avatar is being created\./);
    const [french] = await waitForTasks(user.token, fr.body.task_ids);
    const [english] = await waitForTasks(user.token, en.body.task_ids);
    expect(french?.download_name).toBe('heros-de-bd.jpg');
    expect(filenameOf(french as AvatarTask)).toMatch(/^heros-de-bd_/);
    expect(english?.download_name).toBe('elven-ranger.jpg');

    // The file route and a preset's size say the same name.
    const file = await callRoute('resultFile', {
      token: user.token,
      params: { filename: filenameOf(french as AvatarTask) },
      query: { preset: '4k' },
    });
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="avatar-heros-de-bd-4k.jpg"');
    // Inside "Download all" too.
    const link = await callRoute('createDownloadLink', { token: user.token, body: { route: 'resultsZip' } });
    const zip = await callRoute('resultsZip', { query: { token: link.body.token } });
    expect(zip.status).toBe(302);
    const archive = Buffer.from(await (await fetch(zip.headers.get('location') as string)).arrayBuffer());
    expect(archive.includes('heros-de-bd.jpg')).toBe(true);
    expect(archive.includes('elven-ranger.jpg')).toBe(true);
  });

  it("the data export is named in the page's language, else the account's", async () => {
    // The data export: the page's language (`?lang=`), else the account's.
    expect((await callRoute('exportAccountData', { token: user.token })).status).toBe(200);
    const { id: exportId } = await exportReady(user.token);
    const asked = async (query: Record<string, string>) =>
      (await callRoute('accountExportDownload', { token: user.token, params: { exportId }, query })).body.url;
    expect(await savedAs(await asked({}))).toMatch(/^aivatar-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(await savedAs(await asked({ lang: 'en' }))).toMatch(/^aivatar-data-\d{4}-\d{2}-\d{2}\.zip$/);
  });
});
