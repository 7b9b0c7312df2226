import { describe, expect, it } from 'vitest';
import {
  appHomePath,
  languageOfPath,
  pagePath,
  shellDocumentFor,
  switchLanguagePath,
  webPages,
} from '#shared/web-routes.ts';

describe('web pages', () => {
  it('serve the sign-in pages, on their way to the app, the document that draws its frame (never blank)', () => {
    for (const path of ['/login', '/signup', '/login_with_token', '/app', '/app/gallery'])
      expect(shellDocumentFor(path), path).toBe('_app-shell.html');
    for (const path of ['/fr/login', '/fr/signup', '/fr/app/create'])
      expect(shellDocumentFor(path), path).toBe('_app-shell-fr.html');
    expect(shellDocumentFor('/application')).toBe('_shell.html');
    expect(shellDocumentFor('/fr/signups')).toBe('_shell-fr.html');
  });

  it('take the language from the first path segment only, English by default', () => {
    expect(languageOfPath('/fr')).toBe('fr');
    expect(languageOfPath('/fr/login')).toBe('fr');
    expect(languageOfPath('/french-toast')).toBe('en');
    expect(languageOfPath('/login')).toBe('en');
    expect(languageOfPath('/app/fr')).toBe('en');
  });

  it('switch language by adding or removing /fr on the same page', () => {
    expect(switchLanguagePath('/login', 'fr')).toBe('/fr/login');
    expect(switchLanguagePath('/fr/login', 'en')).toBe('/login');
    expect(switchLanguagePath('/', 'fr')).toBe('/fr');
    expect(switchLanguagePath('/fr', 'en')).toBe('/');
    expect(switchLanguagePath('/fr/signup', 'fr')).toBe('/fr/signup');
    // Pages that exist only in English stay where they are.
    expect(switchLanguagePath('/login_with_token', 'fr')).toBe('/login_with_token');
  });

  it('localise every public page except the login-link page', () => {
    const notLocalised = webPages.filter((p) => p.access !== 'user' && !p.localized).map((p) => p.path);
    expect(notLocalised.sort()).toEqual(['/admin/styles', '/login_with_token']);
    expect(pagePath('login', 'fr')).toBe('/fr/login');
    expect(pagePath('home', 'fr')).toBe('/fr');
  });

  it('serve the app in French under /fr/app', () => {
    expect(appHomePath('fr')).toBe(`/fr${appHomePath('en')}`);
    expect(switchLanguagePath('/app/account', 'fr')).toBe('/fr/app/account');
    expect(switchLanguagePath('/fr/app/account', 'en')).toBe('/app/account');
  });

  it('send /app to Create Your Avatar, a signed-in screen', () => {
    const home = webPages.find((p) => p.path === appHomePath());
    expect(home?.id).toBe('appCreate');
    expect(home?.access).toBe('user');
  });
});
