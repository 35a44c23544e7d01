// A coin flip's seed hash (or revealed seed) as a player can read it: the first
// 8 and last 6 characters, the whole value in the tooltip and in a copy button. When the browser
// refuses the clipboard (no Clipboard API, no permission, a frame without clipboard-write) the
// whole value is shown instead (Mantine's CopyButton cannot tell a refusal), selected, for the player to copy by hand, and a toast says why.
import { ActionIcon, CheckIcon, Group, Text, Tooltip } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { t } from '../../i18n';
import { economyToast } from '../../ui/toast';
import classes from './Coinflip.module.css';

const HEAD = 8;
const TAIL = 6;

/** 'ab12cd34…ef5678' for a long value; a short one is shown whole. */
export function shortHash(value: string): string {
  return value.length > HEAD + TAIL + 1 ? `${value.slice(0, HEAD)}…${value.slice(-TAIL)}` : value;
}

/** Writes `text` to the clipboard; false when the browser has no clipboard or refuses it. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (!globalThis.navigator?.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function CopyIcon() {
  return (
    <svg viewBox="0 0 24 24" width={14} height={14} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </svg>
  );
}

export function SeedHash({ value, kind, testId }: { value: string; kind: 'hash' | 'seed'; testId: string }) {
  const copyLabel = kind === 'hash' ? t('coinflip.SeedHash.copyHash') : t('coinflip.SeedHash.copySeed');
  const [copied, setCopied] = useState(false);
  const [whole, setWhole] = useState(false);
  const text = useRef<HTMLParagraphElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Refused: the whole value, selected, so Ctrl+C / a long press copies it.
  useLayoutEffect(() => {
    if (!whole || !text.current) return;
    const selection = window.getSelection();
    const range = document.createRange();
    range.selectNodeContents(text.current);
    selection?.removeAllRanges();
    selection?.addRange(range);
  }, [whole]);

  const copy = async () => {
    if (await copyToClipboard(value)) {
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
    } else {
      setWhole(true);
      economyToast('warning', t('coinflip.SeedHash.copyRefused'));
    }
  };

  return (
    <Group gap={4} wrap="nowrap" align="center">
      <Text ref={text} className={whole ? classes.hash : classes.shortHash} data-testid={testId} data-hash={value} title={value}>
        {whole ? value : shortHash(value)}
      </Text>
      <Tooltip label={copied ? t('coinflip.SeedHash.copied') : copyLabel} withArrow>
        <ActionIcon
          variant="subtle"
          size="sm"
          color={copied ? 'teal' : 'gray'}
          onClick={() => { void copy(); }}
          aria-label={copied ? t('coinflip.SeedHash.copied') : copyLabel}
          data-testid={`${testId}-copy`}
        >
          {copied ? <CheckIcon size={12} /> : <CopyIcon />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
