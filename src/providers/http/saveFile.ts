/** Hands a file to the browser's download, as a link click would. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started by now; revoking at once would cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
