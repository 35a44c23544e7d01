// One row of the settings table: a Switch, a Slider (with its value read out) or a Select, built from the
// field table in contract/settings.ts so labels, ranges and options cannot drift.
import { Group, Select, Slider, Stack, Switch, Text } from '@mantine/core';
import { SETTINGS_FIELDS, snapToStep, type FieldDef } from '../../../contract/settings';
import { fieldDescription, fieldLabel, optionLabel } from '../../i18n/settingsTexts';
import { sliderValueText } from './sliderFormat';
import type { SettingsApi } from './useSettings';
import classes from './SettingsOverlay.module.css';

type Name = keyof typeof SETTINGS_FIELDS;

export function FieldControl({ name, api }: { name: Name; api: SettingsApi }) {
  const field: FieldDef = SETTINGS_FIELDS[name];
  const value = api.values[name];
  const id = `setting-${name}`;
  const label = fieldLabel(name);
  const help = fieldDescription(name);
  const description = help ? <Text size="xs" c="dimmed" id={`${id}-description`}>{help}</Text> : null;

  if (field.kind === 'switch') {
    return (
      <div className={classes.row} data-setting={name}>
        <Switch
          id={id}
          label={label}
          description={help}
          checked={value === true}
          onChange={(event) => api.change(name, event.currentTarget.checked)}
        />
      </div>
    );
  }

  if (field.kind === 'slider') {
    const number = typeof value === 'number' ? value : field.default;
    return (
      <Stack gap={4} className={classes.row} data-setting={name}>
        <Group justify="space-between">
          <Text component="label" htmlFor={id} size="sm" id={`${id}-label`}>{label}</Text>
          <Text size="sm" c="dimmed" data-testid={`${id}-value`}>{sliderValueText(field, number)}</Text>
        </Group>
        <Slider
          id={id}
          min={field.min}
          max={field.max}
          step={field.step}
          value={number}
          label={(v) => sliderValueText(field, v)}
          thumbLabel={label}
          thumbProps={{ 'aria-valuetext': sliderValueText(field, number) }}
          onChange={(v) => api.drag(name, snapToStep(field, v))}
          onChangeEnd={() => api.flush()}
        />
        {description}
      </Stack>
    );
  }

  return (
    <div className={classes.row} data-setting={name}>
      <Select
        id={id}
        label={label}
        description={help}
        data={field.options.map(([v, english]) => ({ value: v, label: optionLabel(name, v, english) }))}
        value={typeof value === 'string' ? value : field.default}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
        onChange={(v) => { if (v) api.change(name, v); }}
      />
    </div>
  );
}
