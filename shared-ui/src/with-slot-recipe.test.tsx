import { tabsSlotRecipe } from '@chakra-ui/react/theme/recipes/tabs';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, Drawer, Menu, RatingGroup, Tabs } from './overlays.ts';
import { Slider } from './slider.ts';
import { renderWithTheme } from './test/render.tsx';
import { getShopSystem } from './theme.ts';

// The shop's system no longer holds these components' recipes (design-system.test.ts): if a component
// lost the recipe it carries, Chakra would render it without the recipe's classes and styles.
describe('the on-demand components style themselves', () => {
  it('tabs, slider and rating input, drawn at once', () => {
    const { container } = renderWithTheme(
      <>
        <Tabs.Root defaultValue="a">
          <Tabs.List>
            <Tabs.Trigger value="a">A</Tabs.Trigger>
          </Tabs.List>
        </Tabs.Root>
        <Slider.Root defaultValue={[10]}>
          <Slider.Control>
            <Slider.Track>
              <Slider.Range />
            </Slider.Track>
          </Slider.Control>
        </Slider.Root>
        <RatingGroup.Root count={5} defaultValue={3}>
          <RatingGroup.Control />
        </RatingGroup.Root>
      </>,
    );
    for (const part of ['chakra-tabs__trigger', 'chakra-slider__track', 'chakra-rating-group__control']) {
      expect(container.querySelector(`.${part}`), part).not.toBeNull();
    }
  });

  it('dialog, drawer and menu, once open', () => {
    renderWithTheme(
      <>
        <Dialog.Root open>
          <Dialog.Positioner>
            <Dialog.Content aria-label="A dialog">Dialog</Dialog.Content>
          </Dialog.Positioner>
        </Dialog.Root>
        <Drawer.Root open>
          <Drawer.Positioner>
            <Drawer.Content aria-label="A drawer">Drawer</Drawer.Content>
          </Drawer.Positioner>
        </Drawer.Root>
        <Menu.Root open>
          <Menu.Trigger>Menu</Menu.Trigger>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="one">One</Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Menu.Root>
      </>,
    );
    expect(screen.getByRole('dialog', { name: 'A dialog' })).toHaveClass('chakra-dialog__content');
    expect(screen.getByRole('dialog', { name: 'A drawer' })).toHaveClass('chakra-drawer__content');
    expect(screen.getByRole('menuitem', { name: 'One' })).toHaveClass('chakra-menu__item');
  });

  it('a recipe the caller passes still wins', () => {
    const { container } = renderWithTheme(
      <Tabs.Root defaultValue="a" recipe={{ className: 'own-tabs', slots: ['root', 'list', 'trigger'] }}>
        <Tabs.List>
          <Tabs.Trigger value="a">A</Tabs.Trigger>
        </Tabs.List>
      </Tabs.Root>,
    );
    expect(container.querySelector('.own-tabs__trigger')).not.toBeNull();
    expect(container.querySelector('.chakra-tabs__trigger')).toBeNull();
  });

  it('compiles a carried recipe once, however many components draw it', () => {
    // Chakra compiles a `recipe` prop in each component (~0.5 ms); the patch (patches/README.md) keeps
    // one compiled recipe per system, as for the recipes the system holds.
    const compile = vi.spyOn(getShopSystem(), 'sva');
    const { container } = renderWithTheme(
      <>
        {['one', 'two', 'three'].map((name) => (
          <Tabs.Root key={name} defaultValue={name}>
            <Tabs.List>
              <Tabs.Trigger value={name}>{name}</Tabs.Trigger>
            </Tabs.List>
          </Tabs.Root>
        ))}
      </>,
    );
    expect(container.querySelectorAll('.chakra-tabs__trigger')).toHaveLength(3);
    expect(compile.mock.calls.filter(([recipe]) => recipe === tabsSlotRecipe).length).toBeLessThanOrEqual(1);
    compile.mockRestore();
  });
});
