/**
 * A saved quote's thumbnail: the model drawn once, offscreen, with three.js (already loaded for the
 * viewer), and encoded small: WebP, else PNG, of at most THUMBNAIL_TARGET_BYTES. Imported lazily at
 * save time. Null when the browser cannot draw it (no WebGL): the quote is saved without one.
 */
import { QUOTE_THUMBNAIL_MAX_BYTES } from '@printloop/contracts';
import {
  BufferAttribute,
  BufferGeometry,
  DirectionalLight,
  HemisphereLight,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  Vector3,
  WebGLRenderer,
} from 'three';

export const THUMBNAIL_WIDTH = 160;
export const THUMBNAIL_HEIGHT = 120;
/** Aim well under the server's limit. */
export const THUMBNAIL_TARGET_BYTES = Math.min(20 * 1024, QUOTE_THUMBNAIL_MAX_BYTES);

/** Bytes a base64 data URL decodes to. */
export function dataUrlBytes(url: string): number {
  const b64 = url.slice(url.indexOf(',') + 1);
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - pad;
}

export function renderThumbnail(positions: Float32Array): string | null {
  if (typeof document === 'undefined' || positions.length < 9) return null;
  const canvas = document.createElement('canvas');
  canvas.width = THUMBNAIL_WIDTH;
  canvas.height = THUMBNAIL_HEIGHT;
  let renderer: WebGLRenderer;
  try {
    renderer = new WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
  } catch {
    return null;
  }
  const geometry = new BufferGeometry();
  const material = new MeshStandardMaterial({ color: '#3b82f6', metalness: 0.05, roughness: 0.6 });
  try {
    // A copy: centring and turning it below must not move the model the calculator keeps.
    geometry.setAttribute('position', new BufferAttribute(positions.slice(), 3));
    geometry.computeVertexNormals();
    geometry.computeBoundingBox();
    const box = geometry.boundingBox!;
    // Z-up model, centred; three.js is Y-up.
    geometry.translate(
      -(box.min.x + box.max.x) / 2,
      -(box.min.y + box.max.y) / 2,
      -(box.min.z + box.max.z) / 2,
    );
    geometry.rotateX(-Math.PI / 2);
    geometry.computeBoundingSphere();
    const r = Math.max(geometry.boundingSphere?.radius ?? 1, 1e-3);

    const scene = new Scene();
    scene.add(new Mesh(geometry, material));
    scene.add(new HemisphereLight('#ffffff', '#cbd5e1', 1.6));
    const key = new DirectionalLight('#ffffff', 1.6);
    key.position.set(200, 400, 300);
    scene.add(key);
    const fill = new DirectionalLight('#ffffff', 0.5);
    fill.position.set(-300, 150, -200);
    scene.add(fill);

    const camera = new PerspectiveCamera(35, THUMBNAIL_WIDTH / THUMBNAIL_HEIGHT, r / 100, r * 100);
    const dir = new Vector3(1, 0.95, 1.35).normalize();
    const dist = (r / Math.sin((35 * Math.PI) / 360)) * 1.05;
    camera.position.copy(dir.multiplyScalar(dist));
    camera.lookAt(0, 0, 0);
    renderer.setClearColor('#f8fafc');
    renderer.render(scene, camera);

    for (const quality of [0.85, 0.7, 0.5, 0.35]) {
      const webp = canvas.toDataURL('image/webp', quality);
      if (!webp.startsWith('data:image/webp')) break; // this browser cannot encode WebP
      if (dataUrlBytes(webp) <= THUMBNAIL_TARGET_BYTES) return webp;
    }
    const png = canvas.toDataURL('image/png');
    return dataUrlBytes(png) <= THUMBNAIL_TARGET_BYTES ? png : null;
  } catch {
    return null;
  } finally {
    geometry.dispose();
    material.dispose();
    renderer.dispose();
    renderer.forceContextLoss();
  }
}
