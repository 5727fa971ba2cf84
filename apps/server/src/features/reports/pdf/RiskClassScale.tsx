// The 1-7 risk class scale: the suitable class filled, the class from risk tolerance and the client's own
// estimate marked below the boxes (outlined and grey triangle), so a lowered class is visible at a glance.
import { Polygon, Rect, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import { COLORS } from './theme';

const CLASSES = [1, 2, 3, 4, 5, 6, 7];
const GAP = 3;
const BOX_HEIGHT = 22;
const MARKER_TOP = BOX_HEIGHT + 3;
const HEIGHT = BOX_HEIGHT + 12;

interface RiskClassScaleProps {
  width: number;
  suitableClass: number;
  toleranceClass: number;
  selfEstimate: number | null;
}

export function RiskClassScale({ width, suitableClass, toleranceClass, selfEstimate }: RiskClassScaleProps) {
  const box = (width - GAP * (CLASSES.length - 1)) / CLASSES.length;
  const centre = (riskClass: number) => (riskClass - 1) * (box + GAP) + box / 2;
  // Two markers on the same class sit side by side instead of on top of each other.
  const shift = selfEstimate === toleranceClass ? 5 : 0;
  return (
    <View style={{ width, height: HEIGHT }}>
      <Svg width={width} height={HEIGHT} style={scale.svg}>
        {CLASSES.map((riskClass) => (
          <Rect
            key={riskClass}
            x={(riskClass - 1) * (box + GAP)}
            y={0}
            width={box}
            height={BOX_HEIGHT}
            fill={riskClass === suitableClass ? COLORS.accent : COLORS.track}
          />
        ))}
        <Polygon
          points={triangle(centre(toleranceClass) - shift, MARKER_TOP)}
          fill={COLORS.white}
          stroke={COLORS.accent}
          strokeWidth={1}
        />
        {selfEstimate !== null ? (
          <Polygon points={triangle(centre(selfEstimate) + shift, MARKER_TOP)} fill={COLORS.faint} />
        ) : null}
      </Svg>
      {CLASSES.map((riskClass) => (
        <Text
          key={riskClass}
          style={[
            scale.number,
            { left: (riskClass - 1) * (box + GAP), width: box },
            riskClass === suitableClass ? scale.numberSuitable : {},
          ]}
        >
          {String(riskClass)}
        </Text>
      ))}
    </View>
  );
}

/** An upward triangle 8 pt wide whose tip touches y. */
export function triangle(cx: number, y: number): string {
  return `${cx},${y} ${cx + 4},${y + 7} ${cx - 4},${y + 7}`;
}

const scale = StyleSheet.create({
  svg: { position: 'absolute', top: 0, left: 0 },
  number: { position: 'absolute', top: 5, textAlign: 'center', fontSize: 9, color: COLORS.muted },
  numberSuitable: { color: COLORS.white, fontWeight: 'bold' },
});
