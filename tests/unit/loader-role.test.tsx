// A busy spinner is named for what it waits on ("Opening…"): a name on a plain span is a
// prohibited ARIA attribute (axe's aria-prohibited-attr, serious), and no reader announces it.
// The theme gives every Loader the status role its name belongs to.
import { Loader } from '@mantine/core';
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { theme } from '../../src/app/theme';
import { renderWithShell } from '../support/render';

it('a Loader with a name is a status named so', () => {
  renderWithShell(<Loader aria-label="Opening crates" />, { theme });
  expect(screen.getByRole('status', { name: 'Opening crates' })).toBeTruthy();
});
