// Fachada: a low-rise block of five storeys clad in earthy pastilhas, with a garden front.
#declare Interior = no;
#include "common.inc"
#include "exterior.inc"

#declare Cam = <5.5, 1.6, -15.5>;
camera { perspective location Cam look_at <0, 6.2, 0> angle 64 right x * 4/3 }
Sky(1.5)
Sun(<0.9, 1.0, -0.6>, 1.8)
light_source { Cam + <0, 10, -10> color rgb <0.8, 0.88, 1> * 0.12 shadowless }

#declare T_Pastilha = texture { pigment { granite color_map { [0 rgb <0.62, 0.5, 0.4>] [1 rgb <0.75, 0.62, 0.5>] } scale 0.04 } finish { diffuse 0.8 ambient 0 specular 0.2 roughness 0.02 } }
object { Building(14, 5, T_Pastilha, false) }
// white frame bands between floors
#for (F, 1, 5) box { <-7.05, F * 2.9 - 0.1, -0.05>, <7.05, F * 2.9 + 0.05, 12> T_Paint(<0.95, 0.95, 0.93>) } #end
box { <-7.1, 0, -0.05>, <7.1, 2.8, 12> T_Paint(<0.7, 0.69, 0.66>) }
box { <-2, 0, -0.1>, <2, 2.4, -0.06> texture { pigment { rgb <0.1, 0.12, 0.13> } finish { diffuse 0.2 ambient 0 reflection { 0.2 0.7 fresnel } specular 0.8 roughness 0.002 } } }
box { <-20, -0.2, -40>, <20, 0, 30> texture { T_Lawn } }
plane { y, -0.25 texture { pigment { rgb <0.2, 0.3, 0.12> } finish { diffuse 0.8 ambient 0 } } }
// far ground beyond the lot }
box { <-1.5, 0, -6>, <1.5, 0.03, 0> texture { T_Concrete } }
box { <-40, 0, -10>, <40, 0.15, -6> texture { T_Calcada } }
box { <-40, -0.1, -40>, <40, 0.0, -10> texture { T_Asphalt } }
// front wall with gate
box { <-14, 0, -6.2>, <-1.6, 1.8, -6.0> T_Paint(<0.7, 0.69, 0.66>) }
box { <1.6, 0, -6.2>, <14, 1.8, -6.0> T_Paint(<0.7, 0.69, 0.66>) }
#for (X, -1.55, 1.55, 0.11) cylinder { <X, 0, -6.1>, <X, 2.1, -6.1>, 0.015 texture { T_Black } } #end
object { Tree(5.5, 2.3, <0.13, 0.3, 0.08>) translate <-5, 0, -3> }
object { Palm(7, -4) translate <5.5, 0, -3.5> }
#for (X, -6.5, 6.5, 1.3) object { Shrub(0.55, <0.15, 0.38, 0.1>) translate <X, 0, -1.1> } #end
box { <-30, 0, 4>, <-12, 12, 20> texture { pigment { rgb <0.88, 0.86, 0.82> } normal { gradient y 0.8 scale 2.9 } finish { diffuse 0.8 ambient 0 } } }
