import type { ProductPerformanceResponse } from '@behavio/contract';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** Per product: recommended now, offered, accepted and declined, as grouped bars. */
export function ProductPerformanceChart({
  products,
  height,
}: {
  products: ProductPerformanceResponse['products'];
  height: number;
}) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={products} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} />
        <YAxis type="category" dataKey="name" width={150} interval={0} tick={{ fontSize: 12 }} />
        <Tooltip />
        <Legend />
        <Bar
          isAnimationActive={false}
          dataKey="recommended_now"
          name="Recommended now"
          fill="#1c7ed6"
        />
        <Bar isAnimationActive={false} dataKey="offered" name="Offered" fill="#868e96" />
        <Bar isAnimationActive={false} dataKey="accepted" name="Accepted" fill="#237032" />
        <Bar isAnimationActive={false} dataKey="declined" name="Declined" fill="#c92a2a" />
      </BarChart>
    </ResponsiveContainer>
  );
}
