/**
 * The 3D preview (three.js through @react-three/fiber and drei). Loaded lazily by the calculator
 * only, so no other route downloads three.js. Renders on demand; never sets React state per frame.
 */
import { HOUSE_PRINTER } from '@printloop/geometry';
import { OrbitControls } from '@react-three/drei';
import { Canvas, useThree } from '@react-three/fiber';
import { type RefObject, useEffect, useLayoutEffect, useMemo } from 'react';
import { BufferAttribute, BufferGeometry, Color, type PerspectiveCamera, Vector3 } from 'three';

type Controls = { target: Vector3; update: () => void };

export const CAMERA_FOV = 75;
// Color converts the sRGB hex to the linear values vertex colours are read as.
const BASE_HEX = '#3b82f6';
const BASE_COLOR = new Color(BASE_HEX);
const OVERHANG_COLOR = new Color('#f97316');
/** Direction from the model to the camera (world is Y-up after turning the Z-up model). */
const VIEW_DIR = new Vector3(1, 0.95, 1.35).normalize();

export interface ModelViewerProps {
  positions: Float32Array;
  overhang: Uint8Array;
  /** Tint overhanging faces (when supports are recommended). */
  tintOverhangs: boolean;
  /** Set by the viewer: re-frames the camera. */
  resetRef: RefObject<(() => void) | null>;
}

function buildGeometry(positions: Float32Array): BufferGeometry {
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(positions, 3));
  g.computeVertexNormals();
  g.computeBoundingBox();
  g.computeBoundingSphere();
  return g;
}

function colorsFor(overhang: Uint8Array): Float32Array {
  const colors = new Float32Array(overhang.length * 9);
  for (let t = 0; t < overhang.length; t++) {
    const c = overhang[t] ? OVERHANG_COLOR : BASE_COLOR;
    for (let v = 0; v < 3; v++) {
      const o = t * 9 + v * 3;
      colors[o] = c.r;
      colors[o + 1] = c.g;
      colors[o + 2] = c.b;
    }
  }
  return colors;
}

/** The build plate (Z-up, centred on the origin): a plate, a 10 mm grid and its outline. */
function BuildPlate() {
  const lines = useMemo(() => {
    const hx = HOUSE_PRINTER.x / 2;
    const hy = HOUSE_PRINTER.y / 2;
    const pts: number[] = [];
    for (let x = -hx; x <= hx + 1e-6; x += 10) pts.push(x, -hy, 0, x, hy, 0);
    for (let y = -hy; y <= hy + 1e-6; y += 10) pts.push(-hx, y, 0, hx, y, 0);
    // Close the outline (250 and 210 are not multiples of 10 from the centre on every side).
    pts.push(hx, -hy, 0, hx, hy, 0, -hx, hy, 0, hx, hy, 0);
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(new Float32Array(pts), 3));
    return g;
  }, []);
  useEffect(() => () => lines.dispose(), [lines]);
  return (
    <group>
      <mesh position={[0, 0, -0.2]}>
        <planeGeometry args={[HOUSE_PRINTER.x, HOUSE_PRINTER.y]} />
        <meshStandardMaterial color="#e2e8f0" />
      </mesh>
      <lineSegments geometry={lines}>
        <lineBasicMaterial color="#94a3b8" />
      </lineSegments>
    </group>
  );
}

function Scene({ positions, overhang, tintOverhangs, resetRef }: ModelViewerProps) {
  const geometry = useMemo(() => buildGeometry(positions), [positions]);
  // Dispose the GPU buffers when the file changes or the viewer goes away.
  useEffect(() => () => geometry.dispose(), [geometry]);

  const colors = useMemo(() => (tintOverhangs ? colorsFor(overhang) : null), [overhang, tintOverhangs]);
  useLayoutEffect(() => {
    if (colors) geometry.setAttribute('color', new BufferAttribute(colors, 3));
    else geometry.deleteAttribute('color');
  }, [geometry, colors]);

  // Sit the model on the plate, centred in x and y.
  const box = geometry.boundingBox!;
  const offset: [number, number, number] = [
    -(box.min.x + box.max.x) / 2,
    -(box.min.y + box.max.y) / 2,
    -box.min.z,
  ];
  const height = box.max.z - box.min.z;

  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const controls = useThree((s) => s.controls) as unknown as Controls | null;
  const invalidate = useThree((s) => s.invalidate);

  useEffect(() => {
    const frame = () => {
      const r = Math.max(geometry.boundingSphere?.radius ?? 1, 1);
      const fov = (camera.fov * Math.PI) / 180;
      const dist = (r / Math.sin(fov / 2)) * 1.45;
      // World (Y-up): the model's centre is at height/2 above the plate.
      const target = new Vector3(0, height / 2, 0);
      camera.position.copy(target).addScaledVector(VIEW_DIR, dist);
      camera.near = Math.max(dist / 1000, 0.01);
      camera.far = dist * 20 + 2000;
      camera.updateProjectionMatrix();
      camera.lookAt(target);
      if (controls) {
        controls.target.copy(target);
        controls.update();
      }
      invalidate();
    };
    frame();
    resetRef.current = frame;
    return () => {
      resetRef.current = null;
    };
  }, [geometry, height, camera, controls, invalidate, resetRef]);

  // Re-render once when the tint changes (demand frame loop).
  // biome-ignore lint/correctness/useExhaustiveDependencies: colors is the trigger
  useEffect(() => invalidate(), [colors, invalidate]);

  return (
    // Model files are Z-up; three.js is Y-up.
    <group rotation={[-Math.PI / 2, 0, 0]}>
      <BuildPlate />
      <mesh geometry={geometry} position={offset}>
        <meshStandardMaterial
          key={colors ? 'tinted' : 'plain'}
          color={colors ? '#ffffff' : BASE_HEX}
          vertexColors={colors !== null}
          metalness={0.05}
          roughness={0.6}
        />
      </mesh>
    </group>
  );
}

export default function ModelViewer(props: ModelViewerProps) {
  return (
    <Canvas
      frameloop="demand"
      camera={{ fov: CAMERA_FOV, position: [0, 0, 5], near: 0.1, far: 5000 }}
      dpr={[1, 2]}
      gl={{ antialias: true, preserveDrawingBuffer: false }}
      aria-hidden="true"
    >
      <color attach="background" args={['#f8fafc']} />
      <hemisphereLight args={['#ffffff', '#cbd5e1', 1.6]} />
      <directionalLight position={[200, 400, 300]} intensity={1.6} />
      <directionalLight position={[-300, 150, -200]} intensity={0.5} />
      <Scene {...props} />
      <OrbitControls makeDefault enableDamping={false} />
    </Canvas>
  );
}
