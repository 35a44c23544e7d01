// A translated message with markup: `<0>…</0>` in the message becomes the element given at index
// 0 with the tag's text inside ("Make <0>{name}</0> the admin of {clan}." keeps the name bold in
// every language, wherever the translation puts it).
import { Fragment, cloneElement, type ReactElement, type ReactNode } from 'react';

export function rich(message: string, elements: readonly ReactElement<{ children?: ReactNode }>[]): ReactNode {
  const out: ReactNode[] = [];
  const tag = /<(\d+)>([\s\S]*?)<\/\1>/g;
  let last = 0;
  for (const match of message.matchAll(tag)) {
    const element = elements[Number(match[1])];
    out.push(message.slice(last, match.index));
    out.push(element ? cloneElement(element, { key: out.length }, match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  out.push(message.slice(last));
  return <Fragment>{out}</Fragment>;
}
