// Sliders move in the spec's steps: from frameRateLimit's off-grid default (144) the arrow keys
// gave 154 and 164, which the schema refuses, so they were shown but never saved.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, FIELD_NAMES, FIELD_SCHEMAS, SETTINGS_FIELDS, snapToStep, type SettingsValues } from '../../contract/settings';
import { FieldControl } from '../../src/features/settings/FieldControl';
import type { SettingsApi } from '../../src/features/settings/useSettings';

describe('slider steps', () => {
  it('snaps every slider value onto its grid and range, which the schema then accepts', () => {
    const fps = SETTINGS_FIELDS.frameRateLimit;
    expect(snapToStep(fps, 154)).toBe(150);
    expect(snapToStep(fps, 134)).toBe(130);
    expect(snapToStep(fps, 1000)).toBe(240);
    expect(snapToStep(SETTINGS_FIELDS.mouseSensitivity, 0.30000000000000004)).toBe(0.3);
    for (const name of FIELD_NAMES) {
      const field = SETTINGS_FIELDS[name];
      if (field.kind !== 'slider') continue;
      for (const raw of [field.min - 3, field.default + field.step * 0.4, field.default - field.step * 1.3, field.max + 1]) {
        expect(FIELD_SCHEMAS[name].safeParse(snapToStep(field, raw)).success, `${name} ${raw}`).toBe(true);
      }
    }
  });

  it('Frame Rate Limit with the arrow keys goes 144 → 150 → 160, each a value that saves', () => {
    const sent: number[] = [];
    let values: SettingsValues = { ...DEFAULT_SETTINGS };
    const api = {
      get values() { return values; },
      drag: (_name: string, value: unknown) => { sent.push(Number(value)); values = { ...values, frameRateLimit: Number(value) }; },
      flush: () => undefined,
      change: () => undefined,
    } as unknown as SettingsApi;
    const view = render(<MantineProvider env="test"><FieldControl name="frameRateLimit" api={api} /></MantineProvider>);
    const thumb = () => screen.getByRole('slider');
    expect(thumb()).toHaveAttribute('aria-valuenow', '144');
    fireEvent.keyDown(thumb(), { key: 'ArrowRight' });
    view.rerender(<MantineProvider env="test"><FieldControl name="frameRateLimit" api={api} /></MantineProvider>);
    fireEvent.keyDown(thumb(), { key: 'ArrowRight' });
    expect(sent).toEqual([150, 160]);
    for (const value of sent) expect(FIELD_SCHEMAS.frameRateLimit.safeParse(value).success).toBe(true);
  });
});
