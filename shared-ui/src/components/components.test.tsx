import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../test/render.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ErrorAlert } from './ErrorAlert.tsx';
import { FallbackImage } from './FallbackImage.tsx';
import { Pagination, visiblePages } from './Pagination.tsx';
import { Stars } from './Stars.tsx';

describe('shared UI pieces', () => {
  it('Stars announce the rating to one decimal and clamp it', () => {
    renderWithTheme(<Stars value={4.46} showValue />);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    renderWithTheme(<Stars value={9} />);
    expect(screen.getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeInTheDocument();
  });

  it('Stars fill gold up to the rating, part of a star included, in one drawing', () => {
    // The drawing is 132 units wide: five 24-unit stars with 3 units between them.
    const gold = (value: number) => {
      const { container } = renderWithTheme(<Stars value={value} />);
      const [row, goldPart] = container.querySelectorAll('svg');
      expect(row).toHaveAttribute('viewBox', '0 0 132 24');
      // One drawing for all five stars (not an icon and a gold copy per star: 31 elements a rating).
      expect(container.querySelectorAll('svg, path')).toHaveLength(4);
      return Number(goldPart?.getAttribute('width'));
    };
    expect(gold(0)).toBe(0);
    expect(gold(2.5)).toBe(66); // two stars and their gaps (54), then half of the third (12)
    expect(gold(4)).toBe(108);
    expect(gold(5)).toBe(132);
    expect(gold(-3)).toBe(0);
  });

  it('Stars draw five stars 27 units apart, each one the same outline', () => {
    const { container } = renderWithTheme(<Stars value={3} />);
    const [outline = '', goldCopy] = [...container.querySelectorAll('path')].map(
      (path) => path.getAttribute('d') ?? '',
    );
    expect(goldCopy).toBe(outline);
    // Follow the path's pen: `M` and `m` move it, `l` draws steps from it, `z` brings it back to where
    // the star began.
    const stars: [number, number][][] = [];
    let pen: [number, number] = [0, 0];
    for (const [, command, numbers] of outline.matchAll(/([MmLlZz])([^MmLlZz]*)/g)) {
      const values = (numbers!.match(/-?\d*\.?\d+/g) ?? []).map(Number);
      if (command === 'M' || command === 'm') {
        pen = command === 'M' ? [values[0]!, values[1]!] : [pen[0] + values[0]!, pen[1] + values[1]!];
        stars.push([pen]);
      } else if (command === 'l') {
        let [x, y] = pen;
        for (let n = 0; n < values.length; n += 2) {
          [x, y] = [x + values[n]!, y + values[n + 1]!];
          stars.at(-1)!.push([x, y]);
        }
      } else if (command === 'z') {
        pen = stars.at(-1)![0]!;
      }
    }
    expect(stars).toHaveLength(5);
    // One string of steps for every star: a page of ratings compresses to next to nothing.
    expect(new Set(outline.match(/l[^z]*z/g))).toHaveProperty('size', 1);
    stars.forEach((corners, star) => {
      expect(corners).toHaveLength(10);
      // A five-pointed star in its 24-unit box: the tips 10.2 units from (12, 12.6), the notches 4.8.
      corners.forEach(([x, y], corner) => {
        const fromCentre = Math.hypot(x - (12 + 27 * star), y - 12.6);
        expect(Math.abs(fromCentre - (corner % 2 === 0 ? 10.2 : 4.8))).toBeLessThan(0.1);
      });
    });
  });

  it('Pagination shows nothing for one page, numbered pages otherwise', () => {
    const onPageChange = vi.fn();
    const { container } = renderWithTheme(<Pagination page={1} pageCount={1} onPageChange={onPageChange} />);
    expect(container).toBeEmptyDOMElement();
    renderWithTheme(<Pagination page={2} pageCount={3} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });

  it('Pagination shows the first, the last and the neighbours of the current page when there are many', () => {
    expect(visiblePages(1, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(visiblePages(1, 500)).toEqual([1, 2, 3, 4, 5, null, 500]);
    expect(visiblePages(250, 500)).toEqual([1, null, 249, 250, 251, null, 500]);
    expect(visiblePages(500, 500)).toEqual([1, null, 496, 497, 498, 499, 500]);
    renderWithTheme(<Pagination page={250} pageCount={500} onPageChange={() => {}} />);
    expect(screen.getAllByRole('button')).toHaveLength(7);
  });

  it('ConfirmDialog asks and answers', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithTheme(
      <ConfirmDialog
        open
        destructive
        message="Are you sure you want to delete this product?"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(await screen.findByText('Are you sure you want to delete this product?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('ErrorAlert is announced and offers Retry', () => {
    const onRetry = vi.fn();
    renderWithTheme(<ErrorAlert message="Failed to get orders" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to get orders');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('a broken image falls back to /profile.png, once', () => {
    renderWithTheme(<FallbackImage src="/missing.png" alt="Product" />);
    const image = screen.getByRole('img', { name: 'Product' });
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe('/profile.png');
    image.setAttribute('src', '/also-missing.png');
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe('/also-missing.png');
  });
});
