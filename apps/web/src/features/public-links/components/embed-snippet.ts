// The code a firm pastes into its website to embed a start page (docs/decisions/0092): an iframe and a few lines of
// script that set its height from the page's messages, checking that they come from this platform and this frame.
import { FRAME_HEIGHT_MESSAGE } from './frame-height';

export function embedSnippet(url: string, publicId: string, title: string): string {
  const origin = new URL(url).origin;
  const id = `bq-start-${publicId}`;
  const safeTitle = title.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return [
    `<iframe id="${id}" src="${url}" title="${safeTitle}" style="width:100%;min-height:640px;border:0" loading="lazy"></iframe>`,
    `<script>addEventListener("message",function(e){var f=document.getElementById("${id}");` +
      `if(!f||e.origin!=="${origin}"||e.source!==f.contentWindow||!e.data||e.data.type!=="${FRAME_HEIGHT_MESSAGE}")return;` +
      `f.style.height=Math.max(320,Math.min(20000,Number(e.data.height)||0))+"px"});</script>`,
  ].join('\n');
}
