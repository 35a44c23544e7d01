// "[TAG] Name" in the clan colour: the tag is a chip filled
// with the clan colour, its text black or white by WCAG contrast; the name keeps the colour's
// hue, lifted just enough to read on the overlay's panels (clanColors.ts). The brackets are
// there for screen readers and copy-paste, not drawn: the chip already sets the tag apart.
import { Text, type TextProps } from '@mantine/core';
import { readableOn, tagTextColor } from './clanColors';
import classes from './Clans.module.css';

export function ClanLabel({ tag, name, color, ...props }: { tag: string; name: string; color: string } & TextProps) {
  return (
    <Text component="span" fw={700} data-clan-color={color} {...props} className={classes.label}>
      <span className={classes.tag} style={{ background: color, color: tagTextColor(color) }} data-testid="clan-tag-chip">
        <span className={classes.hidden}>[</span>{tag}<span className={classes.hidden}>]</span>
      </span>{' '}
      <span className={classes.name} style={{ color: readableOn(color) }}>{name}</span>
    </Text>
  );
}
