import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../test/render.tsx';
import { ProductImage } from './ProductImage.tsx';

// Issue 28: an upload with resized copies is drawn from the copy its box needs (AVIF first, then WebP), the
// upload staying the <img>'s source; one without copies is drawn as it is.
const upload = 'http://localhost:3000/uploads/products/0123456789abcdef0123456789abcdef_160_320_480.png';
const stem = 'http://localhost:3000/uploads/products/0123456789abcdef0123456789abcdef';

describe('ProductImage', () => {
  it('offers the AVIF and WebP copies by width, with sizes, and keeps width and height on the img', () => {
    const { container } = renderWithTheme(
      <ProductImage src={upload} alt="Camera" sizes="(min-width: 48em) 28rem, 92vw" width={640} />,
    );
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(
      `${stem}-160.avif 160w, ${stem}-320.avif 320w, ${stem}-480.avif 480w`,
    );
    expect(sources[1]!.getAttribute('srcset')).toBe(
      `${stem}-160.webp 160w, ${stem}-320.webp 320w, ${stem}-480.webp 480w`,
    );
    for (const source of sources) expect(source.getAttribute('sizes')).toBe('(min-width: 48em) 28rem, 92vw');
    const image = screen.getByRole('img', { name: 'Camera' });
    expect(image.parentElement?.tagName).toBe('PICTURE');
    expect(image.getAttribute('src')).toBe(upload);
    expect(image.getAttribute('width')).toBe('640');
    expect(image.getAttribute('height')).toBe('640');
  });

  it('a small picture says its drawn width as sizes by default', () => {
    const { container } = renderWithTheme(<ProductImage src={upload} alt="Camera" width={80} />);
    expect(container.querySelector('source')?.getAttribute('sizes')).toBe('80px');
    expect(screen.getByRole('img', { name: 'Camera' }).getAttribute('height')).toBe('80');
  });

  it('draws a picture without copies (older uploads, previews) as it is', () => {
    const { container } = renderWithTheme(
      <ProductImage
        src="http://localhost:3000/uploads/products/0123456789abcdef0123456789abcdef.png"
        alt="Old"
      />,
    );
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img', { name: 'Old' }).getAttribute('srcset')).toBeNull();
  });

  it('a copy that fails falls back to the upload, and the upload that fails to /profile.png', () => {
    const { container } = renderWithTheme(<ProductImage src={upload} alt="Camera" />);
    const image = screen.getByRole('img', { name: 'Camera' });
    fireEvent.error(image);
    expect(container.querySelectorAll('source[srcset]')).toHaveLength(0);
    expect(image.getAttribute('src')).toBe(upload);
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe('/profile.png');
  });
});
