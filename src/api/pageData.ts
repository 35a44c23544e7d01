// The data the server wrote into this page (contract/pageData.ts), read once the DOM is there;
// {} when there is none (the Vite dev server, a page saved to disk, a server without release data).
import { PAGE_DATA_ELEMENT_ID, readPageData, type PageData } from '../../contract/pageData';

export function pageData(doc: Document = document): PageData {
  return readPageData(doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent);
}
