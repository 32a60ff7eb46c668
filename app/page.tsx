export default function Home() { return <p>hi</p>; }
