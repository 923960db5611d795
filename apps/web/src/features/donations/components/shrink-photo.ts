/**
 * Phone cameras produce 3 to 8 MB photos; on a slow connection that upload can take minutes.
 * Large pictures are scaled down to 1600 px on the long side and re-encoded as JPEG before they
 * leave the phone. Anything that cannot be decoded here is sent as it is for the server to judge.
 */
const MAX_SIDE = 1600;
const SMALL_ENOUGH = 600 * 1024;

export async function shrinkPhoto(file: File): Promise<File> {
  if (file.size <= SMALL_ENOUGH || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], file.name.replace(/\.\w+$/, '') + '.jpg', { type: 'image/jpeg' });
  } catch {
    return file;
  }
}
