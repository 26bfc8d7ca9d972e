import { readFileSync } from 'node:fs';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test-support/render.tsx';
import { Footer } from './Footer.tsx';

const badgeFile = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');

describe('Footer', () => {
  it('links to both app stores in a new tab, each badge a picture that holds its place while it loads', () => {
    renderPage(<Footer />);
    const stores = [
      { alt: 'GET IT ON Google Play', href: 'https://play.google.com/store', file: 'google-play-badge' },
      { alt: 'Download on the App Store', href: 'https://www.apple.com/app-store/', file: 'app-store-badge' },
    ];
    for (const store of stores) {
      const badge = screen.getByRole('img', { name: store.alt });
      expect(badge.getAttribute('src')).toContain(store.file);
      expect(badge).toHaveAttribute('width', '160');
      expect(badge).toHaveAttribute('height', '44');
      expect(badge).toHaveAttribute('loading', 'lazy');
      const link = screen.getByRole('link', { name: store.alt });
      expect(link).toHaveAttribute('href', store.href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }
  });

  // A picture loaded by <img> draws only as a standalone SVG document: without the namespace it is broken.
  it.each([
    ['google-play-badge.svg', ['GET IT ON', 'Google Play']],
    ['app-store-badge.svg', ['Download on the', 'App Store']],
  ])('%s is a standalone drawing with the store’s words, sized as the page shows it', (file, words) => {
    const drawing = new DOMParser().parseFromString(badgeFile(file), 'image/svg+xml').documentElement;
    expect(drawing.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(drawing.getAttribute('width')).toBe('160');
    expect(drawing.getAttribute('height')).toBe('44');
    expect([...drawing.querySelectorAll('text')].map((text) => text.textContent)).toEqual(words);
  });
});
